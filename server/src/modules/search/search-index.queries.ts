import type { Db } from '../../db/client.ts';
import type { SearchDocumentTable } from '../../db/schema.ts';
import { searchText } from '../../lib/search-text.ts';
import { nameKey, translatedNames, translatedTexts } from '../captions/index.ts';

const CHUNK = 500;

/**
 * Rebuilds the index of videos, categories, sub-categories and experts from the catalog tables. Called
 * inside the import transaction (a few thousand short rows: rebuilding costs less than tracking what
 * changed). A video's document holds its English title and description and their translations shown (captions'
 * `translatedTexts`), a category's (sub-category's) its English name and its translations shown (`translatedNames`). Caption cues are indexed as they are written (captions.queries.ts).
 */
export async function rebuildSearchDocuments(db: Db): Promise<void> {
  const [videos, translations, names, categories, subCategories, experts] = await Promise.all([
    db.selectFrom('videos').select(['id', 'title', 'description']).execute(),
    translatedTexts(db),
    translatedNames(db),
    db.selectFrom('categories').select(['id', 'name']).execute(),
    db.selectFrom('sub_categories').select(['id', 'name']).execute(),
    db.selectFrom('experts').select(['id', 'name', 'bio']).execute(),
  ]);
  const rows: Omit<SearchDocumentTable, 'id'>[] = [
    ...videos.map((v) => ({ kind: 'video' as const, subject_id: v.id, search_text: searchText(v.title, v.description, ...(translations.get(v.id) ?? [])) })),
    ...categories.map((c) => ({
      kind: 'category' as const,
      subject_id: c.id,
      search_text: searchText(c.name, ...(names.get(nameKey('category', c.id)) ?? [])),
    })),
    ...subCategories.map((s) => ({
      kind: 'sub_category' as const,
      subject_id: s.id,
      search_text: searchText(s.name, ...(names.get(nameKey('sub_category', s.id)) ?? [])),
    })),
    ...experts.map((e) => ({ kind: 'expert' as const, subject_id: e.id, search_text: searchText(e.name, e.bio) })),
  ];
  await db.deleteFrom('search_documents').execute();
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('search_documents')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** One video's document again, after its title was translated (a draft: `video.title_drafted`). */
export async function reindexVideoDocument(db: Db, videoId: number): Promise<void> {
  const [video, translations] = await Promise.all([
    db.selectFrom('videos').select(['title', 'description']).where('id', '=', videoId).executeTakeFirst(),
    translatedTexts(db, videoId),
  ]);
  if (!video) return;
  await db
    .updateTable('search_documents')
    .set({ search_text: searchText(video.title, video.description, ...(translations.get(videoId) ?? [])) })
    .where('kind', '=', 'video')
    .where('subject_id', '=', videoId)
    .execute();
}

/** One category's (sub-category's) document again, after its name was translated (a draft: `catalog.name_drafted`). */
export async function reindexNameDocument(db: Db, kind: 'category' | 'sub_category', id: number): Promise<void> {
  const [named, names] = await Promise.all([
    db
      .selectFrom(kind === 'category' ? 'categories' : 'sub_categories')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirst(),
    translatedNames(db, { kind, id }),
  ]);
  if (!named) return;
  await db
    .updateTable('search_documents')
    .set({ search_text: searchText(named.name, ...(names.get(nameKey(kind, id)) ?? [])) })
    .where('kind', '=', kind)
    .where('subject_id', '=', id)
    .execute();
}
