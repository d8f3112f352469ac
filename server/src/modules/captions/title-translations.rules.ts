import { createHash } from 'node:crypto';

/** What a machine title was drafted from: the hash of the English title and description. */
export const titleSourceHash = (title: string, description: string): string => createHash('sha256').update(`${title}\n${description}`).digest('hex');

/** A video's English texts beside its row of another language (the row's columns null when it has none). */
export type TitleRow = {
  title: string;
  description: string;
  translated_title: string | null;
  translated_description: string | null;
  origin: string | null;
  source_hash: string | null;
};

/**
 * Where a video's translated title stands: none, the author's, a machine draft of the current English texts, or a
 * draft of earlier ones (out of date: not shown, drafted again).
 */
export function titleState(row: TitleRow): 'none' | 'author' | 'machine' | 'out of date' {
  if (row.origin === null || row.translated_title === null) return 'none';
  if (row.origin === 'author') return 'author';
  return row.source_hash === titleSourceHash(row.title, row.description) ? 'machine' : 'out of date';
}
