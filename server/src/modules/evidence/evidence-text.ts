import { DEFAULT_LOCALE, type Locale } from '@mm/contract';
import { translator } from '../../lib/i18n.ts';

type Values = Record<string, string | number>;

/**
 * What a finding about the evidence chain says, in no language yet (issue 40): a key of the `audit` catalog with its
 * values, the person and station it is about (`who`), and the fields that differ. The English text is the stored
 * `message` (logs, the CLI, the CSV); the audit pack and the verification answer say it in the caller's language.
 */
export type EvidenceSay = { key: string; values?: Values; who?: { key: string; values: Values }; differs?: string[] };

export function sayEvidence(say: EvidenceSay, locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale, 'audit');
  return t(say.key, {
    ...say.values,
    ...(say.who ? { who: t(say.who.key, say.who.values) } : {}),
    ...(say.differs ? { differs: say.differs.map((field) => t(`differs.${field}`)).join(', ') } : {}),
  });
}
