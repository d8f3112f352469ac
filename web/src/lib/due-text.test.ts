import { describe, expect, it } from 'vitest';
import { dueText } from './due-text.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25, 12);
const at = (offset: number) => new Date(now + offset).toISOString();

describe('due text', () => {
  it('counts whole days left, today when less than a day is left', () => {
    expect(dueText(at(5 * DAY), 'in_training', now)).toBe('Due in 5 days');
    expect(dueText(at(DAY - 1000), 'not_started', now)).toBe('Due in 1 day');
    expect(dueText(at(0), 'awaiting_signoff', now)).toBe('Due today');
  });

  it('is overdue as soon as the moment has passed, not a day later', () => {
    expect(dueText(at(-3600_000), 'in_training', now)).toBe('Overdue');
    expect(dueText(at(-10 * DAY), 'expired', now)).toBe('Overdue');
  });

  it('says nothing for people cleared or without a due date', () => {
    expect(dueText(at(DAY), 'qualified', now)).toBeNull();
    expect(dueText(at(DAY), 'expiring', now)).toBeNull();
    expect(dueText(null, 'in_training', now)).toBeNull();
  });
});
