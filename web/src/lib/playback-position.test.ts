import { describe, expect, it } from 'vitest';
import { continueLabel, formatClock, startSecondOf } from './playback-position.ts';

describe('playback position', () => {
  it('reads seconds as a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(151)).toBe('2:31');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-4)).toBe('0:00');
  });

  it('labels a resume position, and none at 0', () => {
    expect(continueLabel(151)).toBe('Continue from 2:31');
    expect(continueLabel(0)).toBeNull();
  });

  it('takes the start second from ?t= only when it is whole seconds', () => {
    expect(startSecondOf(new URLSearchParams('t=65'))).toBe(65);
    expect(startSecondOf(new URLSearchParams('t=0'))).toBe(0);
    for (const bad of ['', 't=', 't=-3', 't=1.5', 't=abc', 't=9999999']) expect(startSecondOf(new URLSearchParams(bad))).toBeNull();
  });
});
