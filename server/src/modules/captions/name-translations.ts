import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { DRAFT_SOURCE } from './apertium.ts';
import { catalogNamesWith, type NamedKind } from './name-translations.queries.ts';
import { nameState } from './name-translations.rules.ts';

/**
 * The categories' and sub-categories' names in one language, by id: only those that have one shown (the others keep
 * English). Machine drafts are shown unmarked (a name is a few words; the lesson's title carries the mark).
 */
export type LocalNames = { categories: ReadonlyMap<number, string>; subCategories: ReadonlyMap<number, string> };

const NONE: LocalNames = { categories: new Map(), subCategories: new Map() };

/** Every shown name by language, kept under the catalog version (an import and a draft write them, and both renew it). */
const keptNames = new KeptByVersion<LocalNames>(4);

async function namesOf(db: Db, locale: string): Promise<LocalNames> {
  const categories = new Map<number, string>();
  const subCategories = new Map<number, string>();
  for (const row of await catalogNamesWith(db, locale)) {
    const state = nameState(row);
    // An out-of-date draft names what the category was called before: English is shown until it is drafted again.
    if (state === 'author' || state === 'machine') (row.kind === 'category' ? categories : subCategories).set(row.id, row.translated_name as string);
  }
  return { categories, subCategories };
}

/**
 * The category and sub-category names shown in `locale` (English: none, the catalog's own are English). One statement
 * per language and catalog version on each instance; read afresh without a version (a caller the server made up).
 */
export function namesIn(db: Db, locale: string, catalogVersion: string | undefined): Promise<LocalNames> {
  if (locale === DRAFT_SOURCE) return Promise.resolve(NONE);
  return keptNames.get(db, catalogVersion, locale, () => namesOf(db, locale));
}

/**
 * The translated names shown in any language, keyed `kind:id` (of every category and sub-category, or of `only`): what
 * the search index adds to a category's (sub-category's) English name, so a member finds it by the name they see.
 */
export async function translatedNames(db: Db, only?: { kind: NamedKind; id: number }): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  for (const row of await catalogNamesWith(db, null, only)) {
    const state = nameState(row);
    if (state !== 'author' && state !== 'machine') continue;
    const key = nameKey(row.kind, row.id);
    names.set(key, [...(names.get(key) ?? []), row.translated_name as string]);
  }
  return names;
}

/** The key of a category's (sub-category's) names in `translatedNames`. */
export const nameKey = (kind: NamedKind, id: number): string => `${kind}:${id}`;
