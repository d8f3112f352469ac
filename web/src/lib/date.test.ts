import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date.ts';

describe('dates', () => {
  it('reads dd/mm/yyyy, in UTC when every viewer must see the same day', () => {
    expect(formatDate('2026-03-05T23:00:00Z', { utc: true })).toBe('05/03/2026');
    expect(formatDate(Date.UTC(2026, 10, 23, 12), { utc: true })).toBe('23/11/2026');
    expect(formatDate(new Date(2026, 0, 9, 12))).toBe('09/01/2026');
  });

  it('adds hh:mm for a moment', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('05/03/2026 14:07');
  });

  it('answers nothing for an unreadable value', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
