import { describe, expect, it } from 'vitest';
import { catalogTranslator } from './i18n-catalogs.test-helper.ts';
import { continueLabel, formatClock, startSecondOf } from './playback-position.ts';

describe('playback position', () => {
  it('reads seconds as a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(151)).toBe('2:31');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-4)).toBe('0:00');
  });

  it('labels a resume position in the active language, and none at 0', async () => {
    const en = await catalogTranslator('en', 'common');
    expect(continueLabel(151, en)).toBe('Continue from 2:31');
    expect(continueLabel(151, await catalogTranslator('es', 'common'))).toBe('Continuar desde 2:31');
    expect(continueLabel(0, en)).toBeNull();
  });

  it('takes the start second from ?t= only when it is whole seconds', () => {
    expect(startSecondOf(new URLSearchParams('t=65'))).toBe(65);
    expect(startSecondOf(new URLSearchParams('t=0'))).toBe(0);
    for (const bad of ['', 't=', 't=-3', 't=1.5', 't=abc', 't=9999999']) expect(startSecondOf(new URLSearchParams(bad))).toBeNull();
  });
});
