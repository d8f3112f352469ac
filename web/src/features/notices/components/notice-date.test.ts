import { describe, expect, it } from 'vitest';
import { noticeDate as date } from './notice-date.ts';

const noticeDate = (iso: string, now: number) => date(iso, { justNow: 'just now', locale: 'en', now });

describe('notice dates', () => {
  const now = Date.parse('2026-03-20T12:00:00Z');
  it('reads recent notices relatively', () => {
    expect(noticeDate('2026-03-20T11:59:30Z', now)).toBe('just now');
    expect(noticeDate('2026-03-20T11:55:00Z', now)).toBe('5 minutes ago');
    expect(noticeDate('2026-03-20T09:00:00Z', now)).toBe('3 hours ago');
    expect(noticeDate('2026-03-19T11:00:00Z', now)).toBe('yesterday');
  });
  it('reads them in the member’s language', () => {
    expect(date('2026-03-20T11:55:00Z', { justNow: 'hace un momento', locale: 'es', now })).toBe('hace 5 minutos');
    expect(date('2026-03-19T11:00:00Z', { justNow: 'hace un momento', locale: 'es', now })).toBe('ayer');
  });
  it('gives the pt-BR date after a week', () => {
    expect(noticeDate('2026-03-01T12:00:00Z', now)).toBe('01/03/2026');
  });
});
