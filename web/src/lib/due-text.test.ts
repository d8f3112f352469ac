import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueText } from './due-text.ts';
import { catalogTranslator } from './i18n-catalogs.test-helper.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25, 12);
const at = (offset: number) => new Date(now + offset).toISOString();
let en: TFunction<'common'>;
let es: TFunction<'common'>;
beforeAll(async () => {
  en = await catalogTranslator('en', 'common');
  es = await catalogTranslator('es', 'common');
});

describe('due text', () => {
  it('counts whole days left, today when less than a day is left', () => {
    expect(dueText(at(5 * DAY), 'in_training', en, now)).toBe('Due in 5 days');
    expect(dueText(at(DAY - 1000), 'not_started', en, now)).toBe('Due in 1 day');
    expect(dueText(at(0), 'awaiting_signoff', en, now)).toBe('Due today');
  });

  it('is overdue as soon as the moment has passed, not a day later', () => {
    expect(dueText(at(-3600_000), 'in_training', en, now)).toBe('Overdue');
    expect(dueText(at(-10 * DAY), 'expired', en, now)).toBe('Overdue');
  });

  it('says nothing for people cleared or without a due date', () => {
    expect(dueText(at(DAY), 'qualified', en, now)).toBeNull();
    expect(dueText(at(DAY), 'expiring', en, now)).toBeNull();
    expect(dueText(null, 'in_training', en, now)).toBeNull();
  });

  it('speaks the reader’s language', () => {
    expect(dueText(at(5 * DAY), 'in_training', es, now)).toBe('Vence en 5 días');
    expect(dueText(at(DAY - 1000), 'not_started', es, now)).toBe('Vence en 1 día');
    expect(dueText(at(-3600_000), 'in_training', es, now)).toBe('Vencida');
  });
});
