import type { StationFloorData } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../../lib/i18n-catalogs.test-helper.ts';
import { floorTexts } from './floor-reason.ts';

const params = { until: null, due: '30/11/2026', overdue: false, left: 2, required: 3, signoff: true, check: false };
const floor = (over: Partial<StationFloorData>): StationFloorData => ({
  station: { id: 1, name: 'Press 4', kind: 'station', description: '' },
  verdict: 'training_needed',
  headline: 'Training needed',
  reason: '',
  reason_code: 'training',
  reason_params: params,
  state: 'in_training',
  clips: [],
  signers: [],
  can_request_signoff: false,
  signoff_requested_at: null,
  ...over,
});

describe('a station verdict in the reader’s language', () => {
  it('says in English what the server says (its rules’ texts)', async () => {
    const t = await catalogTranslator('en', 'station-floor');
    expect(floorTexts(t, floor({}))).toEqual({
      headline: 'Training needed',
      reason: '2 of 3 required videos left to watch, due by 30/11/2026, then a sign-off at the station.',
    });
    expect(floorTexts(t, floor({ reason_params: { ...params, due: '24/11/2026', overdue: true, left: 1, required: 1, signoff: false } })).reason).toBe(
      '1 of 1 required video left to watch, overdue since 24/11/2026.',
    );
    expect(
      floorTexts(t, floor({ verdict: 'cleared', state: 'expiring', reason_code: 'expiring', reason_params: { ...params, until: '28/11/2026' } })).reason,
    ).toBe('You are qualified until 28/11/2026: watch the videos again and get signed off before then to renew.');
    const changed = floor({
      verdict: 'not_qualified',
      state: 'retraining_due',
      reason_code: 'retraining_due',
      clips: [{ video_id: 3, title: 'Lockout', revision: 2, watched: false }],
    });
    expect(floorTexts(t, changed)).toEqual({
      headline: 'Not qualified',
      reason: 'The way to run this station changed (Lockout (revision 2)): watch the videos again and get signed off.',
    });
    expect(
      floorTexts(t, floor({ verdict: 'not_qualified', state: 'expired', reason_code: 'expired', reason_params: { ...params, until: '24/11/2026' } })).headline,
    ).toBe('Expired');
  });

  it('says it in Spanish, and keeps the English of a copy saved before the codes', async () => {
    const t = await catalogTranslator('es', 'station-floor');
    expect(floorTexts(t, floor({}))).toEqual({
      headline: 'Necesita capacitación',
      reason: 'Le falta ver 2 de 3 videos obligatorios, con plazo hasta el 30/11/2026, y luego una aprobación en el puesto.',
    });
    expect(
      floorTexts(t, floor({ verdict: 'cleared', state: 'qualified', reason_code: 'qualified_until', reason_params: { ...params, until: '01/05/2027' } })),
    ).toEqual({
      headline: 'Autorizado para operar',
      reason: 'Está calificado hasta el 01/05/2027.',
    });
    const old = floor({ headline: 'Cleared to run', reason: 'You are qualified at this station.' }) as Partial<StationFloorData>;
    delete old.reason_code;
    expect(floorTexts(t, old as StationFloorData)).toEqual({ headline: 'Cleared to run', reason: 'You are qualified at this station.' });
  });
});
