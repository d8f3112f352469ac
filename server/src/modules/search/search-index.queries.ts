import type { Db } from '../../db/client.ts';
import type { SearchDocumentTable } from '../../db/schema.ts';
import { searchText } from '../../lib/search-text.ts';

const CHUNK = 500;

/**
 * Rebuilds the index of videos, categories, sub-categories and experts from the catalog tables. Called
 * inside the import transaction (a few thousand short rows: rebuilding costs less than tracking what
 * changed). Caption cues are indexed as they are written (captions.queries.ts).
 */
export async function rebuildSearchDocuments(db: Db): Promise<void> {
  const [videos, categories, subCategories, experts] = await Promise.all([
    db.selectFrom('videos').select(['id', 'title', 'description']).execute(),
    db.selectFrom('categories').select(['id', 'name']).execute(),
    db.selectFrom('sub_categories').select(['id', 'name']).execute(),
    db.selectFrom('experts').select(['id', 'name', 'bio']).execute(),
  ]);
  const rows: Omit<SearchDocumentTable, 'id'>[] = [
    ...videos.map((v) => ({ kind: 'video' as const, subject_id: v.id, search_text: searchText(v.title, v.description) })),
    ...categories.map((c) => ({ kind: 'category' as const, subject_id: c.id, search_text: searchText(c.name) })),
    ...subCategories.map((s) => ({ kind: 'sub_category' as const, subject_id: s.id, search_text: searchText(s.name) })),
    ...experts.map((e) => ({ kind: 'expert' as const, subject_id: e.id, search_text: searchText(e.name, e.bio) })),
  ];
  await db.deleteFrom('search_documents').execute();
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('search_documents')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}
