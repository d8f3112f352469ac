import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A category or a sub-category: whose name a row translates. */
export type NamedKind = 'category' | 'sub_category';

/** A name in one language, as the catalog file or a draft gives it. */
export type NameTranslation = { locale: string; name: string };

const TABLES = {
  category: { table: 'category_name_translations', column: 'category_id' },
  sub_category: { table: 'sub_category_name_translations', column: 'sub_category_id' },
} as const;

/** A category's (sub-category's) translated names, every origin. */
function storedNames(db: Db, kind: NamedKind, id: number): Promise<{ locale: string; name: string; origin: string }[]> {
  return kind === 'category'
    ? db.selectFrom('category_name_translations').select(['locale', 'name', 'origin']).where('category_id', '=', id).execute()
    : db.selectFrom('sub_category_name_translations').select(['locale', 'name', 'origin']).where('sub_category_id', '=', id).execute();
}

/**
 * The catalog's translations replace the category's (sub-category's) author rows; a machine draft stays unless the
 * catalog now brings its language (the author's replaces the draft). Run inside the import transaction. Rows already
 * as the catalog gives them are left untouched: answers whether it wrote.
 */
export async function replaceNameTranslations(db: Db, kind: NamedKind, id: number, translations: NameTranslation[], t: number): Promise<boolean> {
  const locales = translations.map((tr) => tr.locale);
  const stored = await storedNames(db, kind, id);
  const authored = stored.filter((row) => row.origin === 'author');
  const unchanged =
    authored.length === translations.length &&
    translations.every((tr) => authored.some((row) => row.locale === tr.locale && row.name === tr.name)) &&
    !stored.some((row) => row.origin !== 'author' && locales.includes(row.locale));
  if (unchanged) return false;
  if (kind === 'category') {
    await db
      .deleteFrom('category_name_translations')
      .where('category_id', '=', id)
      .where((eb) => (locales.length ? eb.or([eb('origin', '=', 'author'), eb('locale', 'in', locales)]) : eb('origin', '=', 'author')))
      .execute();
    if (translations.length)
      await db
        .insertInto('category_name_translations')
        .values(translations.map((tr) => ({ category_id: id, ...tr, origin: 'author', source_hash: null, created_at: t })))
        .execute();
    return true;
  }
  await db
    .deleteFrom('sub_category_name_translations')
    .where('sub_category_id', '=', id)
    .where((eb) => (locales.length ? eb.or([eb('origin', '=', 'author'), eb('locale', 'in', locales)]) : eb('origin', '=', 'author')))
    .execute();
  if (translations.length)
    await db
      .insertInto('sub_category_name_translations')
      .values(translations.map((tr) => ({ sub_category_id: id, ...tr, origin: 'author', source_hash: null, created_at: t })))
      .execute();
  return true;
}

/** Replaces the machine draft of the name in the language (never an author's row: the caller checked there is none). */
export async function replaceMachineName(db: Db, kind: NamedKind, id: number, draft: NameTranslation, sourceHash: string, t: number): Promise<void> {
  const row = { ...draft, origin: 'machine', source_hash: sourceHash, created_at: t };
  if (kind === 'category') {
    await db
      .deleteFrom('category_name_translations')
      .where('category_id', '=', id)
      .where('locale', '=', draft.locale)
      .where('origin', '=', 'machine')
      .execute();
    await db
      .insertInto('category_name_translations')
      .values({ category_id: id, ...row })
      .execute();
    return;
  }
  await db
    .deleteFrom('sub_category_name_translations')
    .where('sub_category_id', '=', id)
    .where('locale', '=', draft.locale)
    .where('origin', '=', 'machine')
    .execute();
  await db
    .insertInto('sub_category_name_translations')
    .values({ sub_category_id: id, ...row })
    .execute();
}

/** A category's or sub-category's English name beside a row of its translations (the row's columns null when none). */
export type NameRow = {
  kind: NamedKind;
  id: number;
  name: string;
  locale: string | null;
  translated_name: string | null;
  origin: string | null;
  source_hash: string | null;
};

/**
 * Every category's and sub-category's English name with its row of `locale` (all languages' rows when `locale` is
 * null: only the named that have one), categories first, in id order: one statement. `only`: that one's rows alone.
 */
export async function catalogNamesWith(db: Db, locale: string | null, only?: { kind: NamedKind; id: number }): Promise<NameRow[]> {
  const joinKind = (kind: NamedKind) => {
    const { table, column } = TABLES[kind];
    const owner = kind === 'category' ? 'categories' : 'sub_categories';
    const on =
      locale === null
        ? sql`tr.${sql.ref(column)} = ${sql.ref(`${owner}.id`)}`
        : sql`tr.${sql.ref(column)} = ${sql.ref(`${owner}.id`)} and tr.locale = ${locale}`;
    return sql`select ${sql.lit(kind)} as kind, ${sql.ref(`${owner}.id`)} as id, ${sql.ref(`${owner}.name`)} as name, tr.locale as locale,
      tr.name as translated_name, tr.origin as origin, tr.source_hash as source_hash
      from ${sql.table(owner)} ${sql.raw(locale === null ? 'inner' : 'left')} join ${sql.table(table)} as tr on ${on}`;
  };
  if (only) {
    const owner = only.kind === 'category' ? 'categories' : 'sub_categories';
    const result = await sql<NameRow>`${joinKind(only.kind)} where ${sql.ref(`${owner}.id`)} = ${only.id} order by locale`.execute(db);
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }
  const result = await sql<NameRow>`${joinKind('category')} union all ${joinKind('sub_category')} order by kind, id, locale`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}
