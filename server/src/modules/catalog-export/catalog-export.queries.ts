import type { Db } from '../../db/client.ts';

/**
 * What an export reads of the platform catalog (written by modules/catalog and modules/captions): rows only, in the
 * order the export lists them. Translations and caption tracks are the author's only (a machine draft is the
 * platform's, not the catalog's).
 */

/** Every category (`only` null), or the one with this key, or with this id when no category has it as key. */
export async function exportedCategories(db: Db, only: string | null) {
  const all = db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id');
  if (only === null) return all.execute();
  const byKey = await all.where('key', '=', only).execute();
  // An id is a positive 32-bit integer (PostgreSQL refuses a larger one in the comparison).
  if (byKey.length || !/^\d{1,10}$/.test(only) || Number(only) > 2_147_483_647) return byKey;
  return db.selectFrom('categories').selectAll().where('id', '=', Number(only)).execute();
}

export async function exportedSubCategories(db: Db, categoryIds: number[]) {
  if (!categoryIds.length) return [];
  return db.selectFrom('sub_categories').selectAll().where('category_id', 'in', categoryIds).orderBy('sort').orderBy('id').execute();
}

export async function exportedVideos(db: Db, subCategoryIds: number[]) {
  if (!subCategoryIds.length) return [];
  return db.selectFrom('videos').selectAll().where('sub_category_id', 'in', subCategoryIds).orderBy('id').execute();
}

export async function exportedVideoExperts(db: Db, videoIds: number[]) {
  if (!videoIds.length) return [];
  return db
    .selectFrom('video_experts')
    .innerJoin('experts', 'experts.id', 'video_experts.expert_id')
    .select(['video_experts.video_id', 'video_experts.expert_id', 'experts.key'])
    .where('video_experts.video_id', 'in', videoIds)
    .orderBy('experts.id')
    .execute();
}

export async function exportedTrailers(db: Db, videoIds: number[]) {
  if (!videoIds.length) return [];
  return db.selectFrom('trailers').selectAll().where('video_id', 'in', videoIds).orderBy('video_id').orderBy('sort').execute();
}

export async function exportedCaptionTracks(db: Db, videoIds: number[]) {
  if (!videoIds.length) return [];
  return db
    .selectFrom('caption_tracks')
    .select(['video_id', 'lang', 'label', 'content_hash'])
    .where('video_id', 'in', videoIds)
    .where('origin', '=', 'author')
    .orderBy('video_id')
    .orderBy('sort')
    .execute();
}

export async function exportedTitleTranslations(db: Db, videoIds: number[]) {
  if (!videoIds.length) return [];
  return db
    .selectFrom('video_title_translations')
    .select(['video_id', 'locale', 'title', 'description'])
    .where('video_id', 'in', videoIds)
    .where('origin', '=', 'author')
    .orderBy('locale')
    .execute();
}

export async function exportedCategoryNames(db: Db, categoryIds: number[]) {
  if (!categoryIds.length) return [];
  return db
    .selectFrom('category_name_translations')
    .select(['category_id as id', 'locale', 'name'])
    .where('category_id', 'in', categoryIds)
    .where('origin', '=', 'author')
    .orderBy('locale')
    .execute();
}

export async function exportedSubCategoryNames(db: Db, subCategoryIds: number[]) {
  if (!subCategoryIds.length) return [];
  return db
    .selectFrom('sub_category_name_translations')
    .select(['sub_category_id as id', 'locale', 'name'])
    .where('sub_category_id', 'in', subCategoryIds)
    .where('origin', '=', 'author')
    .orderBy('locale')
    .execute();
}

/** Every expert (`ids` null), or these. */
export async function exportedExperts(db: Db, ids: number[] | null) {
  if (ids === null) return db.selectFrom('experts').selectAll().orderBy('id').execute();
  if (!ids.length) return [];
  return db.selectFrom('experts').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function exportedAssets(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('media_assets').select(['id', 'content_hash', 'source_path']).where('id', 'in', ids).execute();
}

export const exportedPlans = (db: Db) => db.selectFrom('plans').selectAll().orderBy('id').execute();

export const exportedPages = (db: Db) => db.selectFrom('pages').selectAll().orderBy('id').execute();

export const exportedFaqs = (db: Db) => db.selectFrom('faqs').selectAll().orderBy('sort').execute();

export const exportedLanding = (db: Db) => db.selectFrom('landing_content').selectAll().where('id', '=', 1).executeTakeFirst();
