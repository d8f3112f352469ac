import { describe, expect, it } from 'vitest';
import { floorStanding } from './station-floor.rules.ts';

const t = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const base = { needsSignoff: true, required: 3, watched: 1, checkMissing: false, dueAt: t + 5 * DAY, expiresAt: null, toWatch: [], t };

describe('what a station QR label tells the operator', () => {
  it('clears only while the qualification holds', () => {
    expect(floorStanding({ ...base, state: 'qualified', expiresAt: Date.UTC(2027, 4, 1) })).toEqual({
      verdict: 'cleared',
      headline: 'Cleared to run',
      reason: 'You are qualified until 01/05/2027.',
      reason_code: 'qualified_until',
      reason_params: { until: '01/05/2027', due: '30/11/2026', overdue: false, left: 2, required: 3, signoff: true, check: false },
    });
    expect(floorStanding({ ...base, state: 'expiring', expiresAt: t + 3 * DAY }).reason).toBe(
      'You are qualified until 28/11/2026: watch the videos again and get signed off before then to renew.',
    );
  });

  it('asks for training while the videos or the sign-off are missing, with the due date', () => {
    expect(floorStanding({ ...base, state: 'in_training' })).toMatchObject({
      verdict: 'training_needed',
      reason: '2 of 3 required videos left to watch, due by 30/11/2026, then a sign-off at the station.',
    });
    expect(floorStanding({ ...base, state: 'not_started', watched: 0, required: 1, dueAt: t - DAY, needsSignoff: false }).reason).toBe(
      '1 of 1 required video left to watch, overdue since 24/11/2026.',
    );
    expect(floorStanding({ ...base, state: 'awaiting_signoff' }).verdict).toBe('training_needed');
  });

  it('gives each reason as a code and its figures, for the web to say in the reader’s language', () => {
    expect(floorStanding({ ...base, state: null }).reason_code).toBe('not_assigned');
    expect(floorStanding({ ...base, state: 'qualified' }).reason_code).toBe('qualified');
    expect(floorStanding({ ...base, state: 'expiring', expiresAt: t + 3 * DAY })).toMatchObject({
      reason_code: 'expiring',
      reason_params: { until: '28/11/2026' },
    });
    expect(floorStanding({ ...base, state: 'awaiting_signoff' }).reason_code).toBe('awaiting_signoff');
    expect(floorStanding({ ...base, state: 'expired', expiresAt: t - DAY })).toMatchObject({ reason_code: 'expired', reason_params: { until: '24/11/2026' } });
    expect(floorStanding({ ...base, state: 'retraining_due' }).reason_code).toBe('retraining_due');
    expect(floorStanding({ ...base, state: 'not_started', watched: 0, required: 1, dueAt: t - DAY, needsSignoff: false })).toMatchObject({
      reason_code: 'training',
      reason_params: { due: '24/11/2026', overdue: true, left: 1, required: 1, signoff: false },
    });
  });

  it('names the knowledge check the station requires while it is not passed', () => {
    expect(floorStanding({ ...base, state: 'in_training', watched: 3, checkMissing: true })).toMatchObject({
      verdict: 'training_needed',
      reason_code: 'check_needed',
      reason_params: { check: true },
      reason: 'Your videos are done: pass the knowledge check, due by 30/11/2026, then a sign-off at the station.',
    });
    expect(floorStanding({ ...base, state: 'in_training', checkMissing: true }).reason).toBe(
      '2 of 3 required videos left to watch and the knowledge check to pass, due by 30/11/2026, then a sign-off at the station.',
    );
  });

  it('stops the operator who is not assigned, expired or retraining after a changed video', () => {
    expect(floorStanding({ ...base, state: null }).verdict).toBe('not_qualified');
    expect(floorStanding({ ...base, state: 'expired', expiresAt: t - DAY })).toMatchObject({ verdict: 'not_qualified', headline: 'Expired' });
    expect(floorStanding({ ...base, state: 'retraining_due', toWatch: ['Lockout (revision 2)'] }).reason).toBe(
      'The way to run this station changed (Lockout (revision 2)): watch the videos again and get signed off.',
    );
  });
});
