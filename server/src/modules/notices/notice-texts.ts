import type { Locale } from '@mm/contract';
import { translator } from '../../lib/i18n.ts';

/** The texts the platform writes in notices: their names in the server's `notices` catalog (server/locales). */
export type NoticeKey =
  | 'progressAlert'
  | 'signedOff'
  | 'signoffRequested'
  | 'qualified'
  | 'qualifiedUntil'
  | 'trainingComplete'
  | 'qualificationExpiring'
  | 'qualificationExpired'
  | 'retrainingDue'
  | 'requiredTraining'
  | 'assignedToTrain'
  | 'personLocked'
  | 'kioskLocked'
  | 'lessonRetrain';

/**
 * What a notice says: a catalog text and the values filled into it. The values are what people typed or what
 * reads the same in every language (names, stations, lesson titles, a revision's summary, a percentage, a day as
 * DD/MM/YYYY); a category's name is not one of them when the notice names its category (`category_id`): the reader
 * gets it in their language.
 */
export type NoticeText = { key: NoticeKey; values: Record<string, string | number> };

export function noticeMessage(text: NoticeText, locale: Locale): string {
  return translator(locale, 'notices')(text.key, text.values);
}
