import { createHash } from 'node:crypto';

/** What a machine name was drafted from: the hash of the English name. */
export const nameSourceHash = (name: string): string => createHash('sha256').update(name).digest('hex');

/** A category's (sub-category's) English name beside its row of another language (the row's columns null when none). */
export type NameStateRow = { name: string; translated_name: string | null; origin: string | null; source_hash: string | null };

/**
 * Where a translated name stands, as a title's (title-translations.rules.ts): none, the author's, a machine draft of
 * the current English name, or a draft of an earlier one (out of date: not shown, drafted again).
 */
export function nameState(row: NameStateRow): 'none' | 'author' | 'machine' | 'out of date' {
  if (row.origin === null || row.translated_name === null) return 'none';
  if (row.origin === 'author') return 'author';
  return row.source_hash === nameSourceHash(row.name) ? 'machine' : 'out of date';
}
