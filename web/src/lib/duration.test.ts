import { describe, expect, it } from 'vitest';
import { describeDuration, durationSeconds, formatDuration } from './duration.ts';

describe('durations (member spec, section 9)', () => {
  it('reads hh:mm:ss, mm:ss and seconds', () => {
    expect(durationSeconds('01:02:03')).toBe(3723);
    expect(durationSeconds('02:03')).toBe(123);
    expect(durationSeconds(42.9)).toBe(42);
    expect(durationSeconds('nonsense')).toBe(0);
    expect(durationSeconds(null)).toBe(0);
  });

  it('shows a total of seconds as hh:mm:ss, hours not wrapped at a day', () => {
    expect(formatDuration(3603)).toBe('01:00:03');
    expect(formatDuration(110 * 3600)).toBe('110:00:00');
    expect(formatDuration(0)).toBe('00:00:00');
  });

  it('drops a leading 00 hour in lists only', () => {
    expect(formatDuration('00:04:05', { inList: true })).toBe('04:05');
    expect(formatDuration('00:04:05')).toBe('00:04:05');
    expect(formatDuration('01:04:05', { inList: true })).toBe('01:04:05');
    expect(formatDuration('123:00:00')).toBe('123:00:00');
  });

  it('says a duration in words', () => {
    expect(describeDuration('01:00:01')).toBe('1 hour 1 second');
    expect(describeDuration('00:02:30')).toBe('2 minutes 30 seconds');
    expect(describeDuration('00:00:00')).toBe('0 seconds');
    expect(describeDuration('01:00:01', 'es')).toBe('1 hora 1 segundo');
    expect(describeDuration('00:02:30', 'es')).toBe('2 minutos 30 segundos');
  });
});
