import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { DRAFT_SOURCE } from './apertium.ts';
import { allTitleTranslations, videoTitlesWith } from './title-translations.queries.ts';
import { type TitleRow, titleState } from './title-translations.rules.ts';

/** A video's title and description in a language, and whether they are a machine translation no author reviewed. */
export type LocalTitle = { title: string; description: string; machine: boolean };

/** The videos' titles in one language, by video id: only the videos that have one shown (the others keep English). */
export type LocalTitles = ReadonlyMap<number, LocalTitle>;

const NONE: LocalTitles = new Map();

/** Every video's shown title by language, kept under the catalog version (an import and a draft write them, and both renew it). */
const keptTitles = new KeptByVersion<LocalTitles>(4);

/** The translated title a row holds, if it is shown: an out-of-date draft names what the lesson was called before. */
function shownTitle(row: TitleRow): LocalTitle | null {
  const state = titleState(row);
  if (state !== 'author' && state !== 'machine') return null;
  return { title: row.translated_title as string, description: row.translated_description ?? '', machine: state === 'machine' };
}

async function titlesOf(db: Db, locale: string): Promise<LocalTitles> {
  const titles = new Map<number, LocalTitle>();
  for (const row of await videoTitlesWith(db, locale)) {
    const shown = shownTitle(row);
    if (shown) titles.set(row.id, shown);
  }
  return titles;
}

/**
 * One video's title shown in `locale`, or null (English, none, or an out-of-date draft): for an answer about a single
 * video to someone with no session's catalog version (a shared link's visitor, an e-mail's recipient).
 */
export async function titleIn(db: Db, locale: string, videoId: number): Promise<LocalTitle | null> {
  if (locale === DRAFT_SOURCE) return null;
  const [row] = await videoTitlesWith(db, locale, videoId);
  return row ? shownTitle(row) : null;
}

/**
 * The titles shown in `locale` (English: none, the catalog's own are English). One statement per language and catalog
 * version on each instance; read afresh without a version (a caller the server made up).
 */
export function titlesIn(db: Db, locale: string, catalogVersion: string | undefined): Promise<LocalTitles> {
  if (locale === DRAFT_SOURCE) return Promise.resolve(NONE);
  return keptTitles.get(db, catalogVersion, locale, () => titlesOf(db, locale));
}

/**
 * The translated titles and descriptions shown in any language, by video (of one video, or all): what the search index
 * adds to a video's English words, so a member finds a lesson by the title they see.
 */
export async function translatedTexts(db: Db, videoId?: number): Promise<Map<number, string[]>> {
  const texts = new Map<number, string[]>();
  for (const row of await allTitleTranslations(db, videoId)) {
    const state = titleState(row);
    if (state !== 'author' && state !== 'machine') continue;
    const list = texts.get(row.id) ?? [];
    list.push(row.translated_title as string, row.translated_description ?? '');
    texts.set(row.id, list);
  }
  return texts;
}
