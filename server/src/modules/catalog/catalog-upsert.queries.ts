import type { Db } from '../../db/client.ts';
import type { Rendition } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { replaceNameTranslations, replaceVideoCaptions, replaceVideoTitleTranslations, type StoredTrack } from '../captions/index.ts';
import type { CatalogFile, CatalogVideo } from './catalog-file.schema.ts';
import { MASTER_PLAYLIST, type MediaProbe, POSTER } from './media.ts';

/**
 * Writes a validated catalog, by key: a second import updates rows in place (ids stay, so
 * progress, likes and learning paths keep pointing at them) and never duplicates. Rows whose key
 * is no longer in the file are left alone. A row already as the file has it is not written at all
 * (its updated_at stays), so importing an exported catalog changes nothing. Run inside one
 * transaction by the caller.
 */

export type PreparedAsset = { hash: string; source: string; probe: MediaProbe; renditions: Rendition[] };

/** The files of the catalog once stored under DATA_DIR, looked up by their path in the catalog. */
export type PreparedFiles = {
  assets: PreparedAsset[];
  assetHash: (relativePath: string) => string;
  image: (relativePath: string | undefined) => string | null;
  playbook: (relativePath: string | undefined) => string | null;
  /** A caption file's stored track (content hash) and cues. */
  captions: (relativePath: string) => Pick<StoredTrack, 'contentHash' | 'cues'>;
};

export type CatalogCounts = {
  experts: number;
  categories: number;
  subCategories: number;
  videos: number;
  trailers: number;
  plans: number;
  pages: number;
  faqs: number;
  landing: number;
};

/** Whether the import wrote anything: set by every write, read by the caller (nothing written, nothing announced). */
export type CatalogChanges = { changed: boolean };

/** True when the stored row already holds every value (updated_at aside). */
function holds(row: Record<string, unknown> | undefined, values: Record<string, unknown>): boolean {
  return row !== undefined && Object.entries(values).every(([column, value]) => column === 'updated_at' || row[column] === value);
}

/** The media_assets columns of a transcoded asset (its bytes' hash names its folder). */
const assetColumns = (asset: PreparedAsset, t: number) => ({
  kind: 'video' as const,
  source_path: asset.source,
  duration_seconds: asset.probe.durationSeconds,
  width: asset.probe.width,
  height: asset.probe.height,
  renditions: JSON.stringify(asset.renditions),
  playlist_path: `${asset.hash}/${MASTER_PLAYLIST}`,
  poster_path: `${asset.hash}/${POSTER}`,
  status: 'ready' as const,
  updated_at: t,
});

/**
 * An asset already recorded with the same renditions is left as it is (its source stays the one first recorded, as
 * recordTranscodedAsset does): the same bytes imported from another folder (an export's) change nothing. One still
 * waiting for its renditions takes the new source, which its preparation reads.
 */
async function upsertAssets(db: Db, assets: PreparedAsset[], changes: CatalogChanges, t: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const asset of assets) {
    const values = assetColumns(asset, t);
    const before = await db.selectFrom('media_assets').selectAll().where('content_hash', '=', asset.hash).executeTakeFirst();
    if (before && before.renditions !== '[]' && holds(before, { ...values, source_path: before.source_path })) {
      ids.set(asset.hash, before.id);
      continue;
    }
    changes.changed = true;
    const row = await db
      .insertInto('media_assets')
      .values({ ...values, content_hash: asset.hash, created_at: t })
      .onConflict((oc) => oc.column('content_hash').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(asset.hash, row.id);
  }
  return ids;
}

/**
 * An asset transcoded outside an import (a studio upload, modules/studio): its row, or the row already recorded for the
 * same bytes (left as it is: its source stays the one first recorded). Answers its id.
 */
export async function recordTranscodedAsset(db: Db, asset: PreparedAsset, t: number): Promise<number> {
  await db
    .insertInto('media_assets')
    .values({ ...assetColumns(asset, t), content_hash: asset.hash, created_at: t })
    .onConflict((oc) => oc.column('content_hash').doNothing())
    .execute();
  const row = await db.selectFrom('media_assets').select('id').where('content_hash', '=', asset.hash).executeTakeFirstOrThrow();
  return row.id;
}

/** An asset's renditions once prepared after its import (modules/renditions): the stream URLs are built from them. */
export async function recordAssetRenditions(db: Db, assetId: number, renditions: Rendition[], t: number): Promise<void> {
  await db
    .updateTable('media_assets')
    .set({ renditions: JSON.stringify(renditions), updated_at: t })
    .where('id', '=', assetId)
    .execute();
}

async function upsertExperts(db: Db, experts: CatalogFile['experts'], files: PreparedFiles, changes: CatalogChanges, t: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const expert of experts) {
    const values = {
      name: expert.name,
      email: expert.email.toLowerCase(),
      bio: expert.bio,
      picture: files.image(expert.picture),
      language: expert.language ?? null,
      updated_at: t,
    };
    const before = await db.selectFrom('experts').selectAll().where('key', '=', expert.key).executeTakeFirst();
    if (before && holds(before, values)) {
      ids.set(expert.key, before.id);
      continue;
    }
    changes.changed = true;
    const row = await db
      .insertInto('experts')
      .values({ ...values, key: expert.key, created_at: t })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(expert.key, row.id);
  }
  return ids;
}

type Category = CatalogFile['categories'][number];

async function upsertCategory(db: Db, category: Category, expertId: number | null, files: PreparedFiles, changes: CatalogChanges, t: number): Promise<number> {
  const values = {
    name: category.name,
    picture: files.image(category.picture),
    essential: category.essential,
    sort: category.sort,
    challenge: category.challenge,
    expert_id: expertId,
    updated_at: t,
  };
  const before = await db.selectFrom('categories').selectAll().where('key', '=', category.key).executeTakeFirst();
  if (before && holds(before, values)) return before.id;
  changes.changed = true;
  const row = await db
    .insertInto('categories')
    .values({ ...values, key: category.key, created_at: t })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function upsertSubCategory(db: Db, sub: Category['sub_categories'][number], categoryId: number, changes: CatalogChanges, t: number): Promise<number> {
  const values = { category_id: categoryId, name: sub.name, sort: sub.sort, updated_at: t };
  const before = await db.selectFrom('sub_categories').selectAll().where('key', '=', sub.key).executeTakeFirst();
  if (before && holds(before, values)) return before.id;
  changes.changed = true;
  const row = await db
    .insertInto('sub_categories')
    .values({ ...values, key: sub.key, created_at: t })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type VideoPlace = { categoryId: number; subCategoryId: number; assetId: number; durationSeconds: number };

/** A video whose media or playbook this import changed: its new revision. */
export type NewRevision = { videoId: number; revision: number; requiresRetraining: boolean };

/**
 * Writes the video by key. A video whose media or playbook changes gets its next revision (the old one stays in
 * video_revisions); a new video starts at revision 1.
 */
async function upsertVideo(
  db: Db,
  video: CatalogVideo,
  place: VideoPlace,
  files: PreparedFiles,
  changes: CatalogChanges,
  t: number,
): Promise<{ videoId: number; revision: NewRevision | null }> {
  const playbookPath = files.playbook(video.playbook);
  const before = await db.selectFrom('videos').selectAll().where('key', '=', video.key).executeTakeFirst();
  const revised = before !== undefined && (before.media_asset_id !== place.assetId || before.playbook_path !== playbookPath);
  const revision = before === undefined ? 1 : revised ? before.revision + 1 : before.revision;
  const values = {
    category_id: place.categoryId,
    sub_category_id: place.subCategoryId,
    title: video.title,
    description: video.description,
    // Whole seconds, never 0: the spec shows hh:mm:ss and "watched" is a share of it.
    duration_seconds: Math.max(1, Math.round(place.durationSeconds)),
    media_asset_id: place.assetId,
    image: files.image(video.image),
    playbook_path: playbookPath,
    publish_time: video.publish_time,
    in_test: video.in_test,
    in_production: video.in_production,
    revision,
    updated_at: t,
  };
  if (before && holds(before, values)) return { videoId: before.id, revision: null };
  changes.changed = true;
  const row = await db
    .insertInto('videos')
    .values({ ...values, key: video.key, created_at: t })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (before !== undefined && !revised) return { videoId: row.id, revision: null };
  const requiresRetraining = revised && video.requires_retraining;
  await db
    .insertInto('video_revisions')
    .values({
      video_id: row.id,
      revision,
      media_asset_id: place.assetId,
      playbook_path: playbookPath,
      requires_retraining: requiresRetraining ? 1 : 0,
      created_at: t,
    })
    .execute();
  return { videoId: row.id, revision: revised ? { videoId: row.id, revision, requiresRetraining } : null };
}

async function replaceVideoExperts(db: Db, videoId: number, expertIds: number[], changes: CatalogChanges): Promise<void> {
  const stored = await db.selectFrom('video_experts').select('expert_id').where('video_id', '=', videoId).execute();
  const same = stored.length === expertIds.length && stored.every((row) => expertIds.includes(row.expert_id));
  if (same) return;
  changes.changed = true;
  await db.deleteFrom('video_experts').where('video_id', '=', videoId).execute();
  if (expertIds.length)
    await db
      .insertInto('video_experts')
      .values(expertIds.map((expertId) => ({ video_id: videoId, expert_id: expertId })))
      .execute();
}

/** Trailers have no key: they are the video's list, by position. */
async function syncTrailers(
  db: Db,
  videoId: number,
  trailers: CatalogVideo['trailers'],
  assetId: (file: string) => number,
  files: PreparedFiles,
  changes: CatalogChanges,
  t: number,
) {
  const stored = await db.selectFrom('trailers').selectAll().where('video_id', '=', videoId).execute();
  for (const [sort, trailer] of trailers.entries()) {
    const values = { name: trailer.name, media_asset_id: assetId(trailer.media), image: files.image(trailer.image), updated_at: t };
    if (
      holds(
        stored.find((row) => row.sort === sort),
        values,
      )
    )
      continue;
    changes.changed = true;
    await db
      .insertInto('trailers')
      .values({ ...values, video_id: videoId, sort, created_at: t })
      .onConflict((oc) => oc.columns(['video_id', 'sort']).doUpdateSet(values))
      .execute();
  }
  if (!stored.some((row) => row.sort >= trailers.length)) return;
  changes.changed = true;
  await db.deleteFrom('trailers').where('video_id', '=', videoId).where('sort', '>=', trailers.length).execute();
}

/** Plans by key (the catalog's, and the demo organization's own agreement); answers whether any was written. */
export async function upsertPlans(db: Db, plans: CatalogFile['plans'], t: number): Promise<boolean> {
  let changed = false;
  for (const { key, ...plan } of plans) {
    const values = { ...plan, updated_at: t };
    if (holds(await db.selectFrom('plans').selectAll().where('key', '=', key).executeTakeFirst(), values)) continue;
    changed = true;
    await db
      .insertInto('plans')
      .values({ ...values, key, created_at: t })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  }
  return changed;
}

async function upsertPages(db: Db, pages: CatalogFile['pages'], changes: CatalogChanges, t: number): Promise<void> {
  for (const { unique_id, ...page } of pages) {
    const values = { ...page, description: sanitizeHtml(page.description), updated_at: t };
    if (holds(await db.selectFrom('pages').selectAll().where('unique_id', '=', unique_id).executeTakeFirst(), values)) continue;
    changes.changed = true;
    await db
      .insertInto('pages')
      .values({ ...values, unique_id, created_at: t })
      .onConflict((oc) => oc.column('unique_id').doUpdateSet(values))
      .execute();
  }
}

/** FAQs have no key either: the file's list replaces the stored one, position by position. */
async function syncFaqs(db: Db, faqs: NonNullable<CatalogFile['faqs']>, changes: CatalogChanges, t: number): Promise<void> {
  const stored = await db.selectFrom('faqs').selectAll().execute();
  for (const [sort, faq] of faqs.entries()) {
    const values = { question: faq.question, answer: sanitizeHtml(faq.answer), updated_at: t };
    if (
      holds(
        stored.find((row) => row.sort === sort),
        values,
      )
    )
      continue;
    changes.changed = true;
    await db
      .insertInto('faqs')
      .values({ ...values, sort, created_at: t })
      .onConflict((oc) => oc.column('sort').doUpdateSet(values))
      .execute();
  }
  if (!stored.some((row) => row.sort >= faqs.length)) return;
  changes.changed = true;
  await db.deleteFrom('faqs').where('sort', '>=', faqs.length).execute();
}

type Section = NonNullable<CatalogFile['landing']>['sections'][number];

async function upsertLanding(
  db: Db,
  landing: NonNullable<CatalogFile['landing']>,
  assetId: (file: string) => number,
  changes: CatalogChanges,
  t: number,
): Promise<void> {
  const [one, two, three] = landing.sections as [Section, Section, Section];
  const values = {
    banner_title: landing.banner_title,
    banner_video_asset_id: assetId(landing.banner_video),
    section1_title: one.title,
    section1_description: one.description,
    section1_video_asset_id: assetId(one.video),
    section2_title: two.title,
    section2_description: two.description,
    section2_video_asset_id: assetId(two.video),
    section3_title: three.title,
    section3_description: three.description,
    section3_video_asset_id: assetId(three.video),
    updated_at: t,
  };
  if (holds(await db.selectFrom('landing_content').selectAll().where('id', '=', 1).executeTakeFirst(), values)) return;
  changes.changed = true;
  await db
    .insertInto('landing_content')
    .values({ ...values, id: 1 })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** How many of each the file holds (all of them are written). */
export function countCatalog(catalog: CatalogFile): CatalogCounts {
  const subCategories = catalog.categories.flatMap((c) => c.sub_categories);
  const videos = subCategories.flatMap((s) => s.videos);
  return {
    experts: catalog.experts.length,
    categories: catalog.categories.length,
    subCategories: subCategories.length,
    videos: videos.length,
    trailers: videos.reduce((n, v) => n + v.trailers.length, 0),
    plans: catalog.plans.length,
    pages: catalog.pages.length,
    faqs: catalog.faqs?.length ?? 0,
    landing: catalog.landing ? 1 : 0,
  };
}

/** A category's (sub-category's) `translations` of the catalog file, as the captions module stores them. */
const namesOf = (translations: Category['translations']) => Object.entries(translations).map(([locale, tr]) => ({ locale, name: tr.name }));

/**
 * Writes the catalog and answers the videos that got a new revision, and whether anything was written at all (an
 * import of what the platform already holds writes nothing).
 */
export async function upsertCatalog(db: Db, catalog: CatalogFile, files: PreparedFiles): Promise<{ revisions: NewRevision[]; changed: boolean }> {
  const revisions: NewRevision[] = [];
  const changes: CatalogChanges = { changed: false };
  const noted = (wrote: boolean) => {
    if (wrote) changes.changed = true;
  };
  const t = now();
  const assetIds = await upsertAssets(db, files.assets, changes, t);
  const assetId = (file: string) => assetIds.get(files.assetHash(file))!;
  const durationOf = (file: string) => files.assets.find((a) => a.hash === files.assetHash(file))!.probe.durationSeconds;
  const expertIds = await upsertExperts(db, catalog.experts, files, changes, t);

  for (const category of catalog.categories) {
    const categoryId = await upsertCategory(db, category, category.expert ? expertIds.get(category.expert)! : null, files, changes, t);
    noted(await replaceNameTranslations(db, 'category', categoryId, namesOf(category.translations), t));
    for (const sub of category.sub_categories) {
      const subCategoryId = await upsertSubCategory(db, sub, categoryId, changes, t);
      noted(await replaceNameTranslations(db, 'sub_category', subCategoryId, namesOf(sub.translations), t));
      for (const video of sub.videos) {
        const place = { categoryId, subCategoryId, assetId: assetId(video.media), durationSeconds: durationOf(video.media) };
        const { videoId, revision } = await upsertVideo(db, video, place, files, changes, t);
        if (revision) revisions.push(revision);
        await replaceVideoExperts(
          db,
          videoId,
          video.experts.map((key) => expertIds.get(key)!),
          changes,
        );
        await syncTrailers(db, videoId, video.trailers, assetId, files, changes, t);
        const tracks = video.captions.map((c) => ({ lang: c.lang, label: c.label, ...files.captions(c.file) }));
        noted(await replaceVideoCaptions(db, videoId, tracks, t));
        const translations = Object.entries(video.translations).map(([locale, tr]) => ({ locale, title: tr.title, description: tr.description }));
        noted(await replaceVideoTitleTranslations(db, videoId, translations, t));
      }
    }
  }
  noted(await upsertPlans(db, catalog.plans, t));
  await upsertPages(db, catalog.pages, changes, t);
  if (catalog.faqs) await syncFaqs(db, catalog.faqs, changes, t);
  if (catalog.landing) await upsertLanding(db, catalog.landing, assetId, changes, t);
  return { revisions, changed: changes.changed };
}

/** How many of the categories with these keys the catalog holds. */
export async function countCategoriesWithKeys(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const found = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', 'in', keys)
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

/** How many of the videos with these keys the catalog holds. */
export async function countVideosWithKeys(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const found = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', 'in', keys)
    .executeTakeFirstOrThrow();
  return Number(found.n);
}
