import { isWatched } from '@mm/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { recountVotes } from '../catalog/index.ts';
import { CATALOG_CARD_COLUMNS, pageOfCards, selectVideoCards } from '../videos/index.ts';

/**
 * The catalog part of `videos/view`: the video with its asset, renditions and category names, the same for every
 * member (kept under the catalog version in playback.service.ts; the member's figures are read apart).
 */
export function findVideoCatalogDetail(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
    .innerJoin('categories', 'categories.id', 'videos.category_id')
    .innerJoin('sub_categories', 'sub_categories.id', 'videos.sub_category_id')
    .select([
      ...CATALOG_CARD_COLUMNS,
      'videos.description',
      'videos.playbook_path',
      'videos.media_asset_id',
      'media_assets.renditions',
      'categories.name as category_name',
      'sub_categories.name as sub_category_name',
    ])
    .where('videos.id', '=', videoId)
    .executeTakeFirst();
}

export type VideoCatalogDetail = NonNullable<Awaited<ReturnType<typeof findVideoCatalogDetail>>>;

/** Every video's experts, by name: what an instance keeps under the catalog version (playback.service.ts). */
export function allCastCrews(db: Db) {
  return db
    .selectFrom('video_experts')
    .innerJoin('experts', 'experts.id', 'video_experts.expert_id')
    .select(['video_experts.video_id', 'experts.id', 'experts.name'])
    .orderBy('experts.name')
    .orderBy('experts.id')
    .execute();
}

export function findCastCrews(db: Db, videoId: number) {
  return db
    .selectFrom('video_experts')
    .innerJoin('experts', 'experts.id', 'video_experts.expert_id')
    .select(['experts.id', 'experts.name'])
    .where('video_experts.video_id', '=', videoId)
    .orderBy('experts.name')
    .orderBy('experts.id')
    .execute();
}

export function findTrailers(db: Db, videoId: number) {
  return db
    .selectFrom('trailers')
    .innerJoin('media_assets', 'media_assets.id', 'trailers.media_asset_id')
    .select(['trailers.name', 'trailers.image', 'media_assets.content_hash', 'media_assets.renditions'])
    .where('trailers.video_id', '=', videoId)
    .orderBy('trailers.sort')
    .execute();
}

/** What the writes need to know about a video. Compiled once (db/compiled-once.ts): every watch report opens its video. */
const VIDEO_COLUMNS = ['id', 'title', 'category_id', 'sub_category_id', 'duration_seconds', 'in_test', 'in_production', 'playbook_path', 'revision'] as const;

const videoById = compiledOnce((db: Db, videoId: number) => db.selectFrom('videos').select(VIDEO_COLUMNS).where('id', '=', videoId));

export async function findVideo(db: Db, videoId: number) {
  return (await videoById(db, videoId))[0];
}

export type VideoRow = NonNullable<Awaited<ReturnType<typeof findVideo>>>;

/** Every video's row as findVideo reads it: what an instance keeps under the catalog version (playback.service.ts). */
export function allVideos(db: Db): Promise<VideoRow[]> {
  return db.selectFrom('videos').select(VIDEO_COLUMNS).execute();
}

/** Suggestions: listed videos of the same category, the same sub-category first. */
function selectSuggestions(db: Db, userId: number, video: { id: number; category_id: number }) {
  return selectVideoCards(db, userId).where('videos.category_id', '=', video.category_id).where('videos.in_test', '=', 1).where('videos.id', '!=', video.id);
}

const orderSuggestions = (subCategoryId: number) => (query: ReturnType<typeof selectSuggestions>) =>
  query.orderBy(sql`case when videos.sub_category_id = ${subCategoryId} then 0 else 1 end`).orderBy('videos.id');

/** One page of a video's suggestions (its category's listed videos, its own sub-category first), with their count. */
export function suggestionsPage(db: Db, userId: number, video: { id: number; category_id: number; sub_category_id: number }, skip: number, take: number) {
  return pageOfCards(db, selectSuggestions(db, userId, video), orderSuggestions(video.sub_category_id), skip, take);
}

// ---------------------------------------------------------------- writes replayed from the offline queue

/**
 * Records the id of a write the web app sent (queued offline, perhaps replayed); false when this member's write with
 * that id was already received. Call it first in the write's transaction: a concurrent replay waits on the first one's
 * row, then finds it, so the write is applied once.
 */
const receipt = compiledOnce((db: Db, userId: number, requestId: string, t: number) =>
  db
    .insertInto('write_receipts')
    .values({ user_id: userId, request_id: requestId, received_at: t })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning('request_id'),
);

export async function claimWrite(db: Db, userId: number, requestId: string, t: number): Promise<boolean> {
  return (await receipt(db, userId, requestId, t)).length > 0;
}

/** Takes this hour's prune for this instance: false when another instance already took it. */
export async function claimReceiptPrune(db: Db, hour: number, t: number): Promise<boolean> {
  const row = await db
    .insertInto('write_receipt_prunes')
    .values({ hour, ran_at: t })
    .onConflict((oc) => oc.column('hour').doNothing())
    .returning('hour')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes up to `limit` receipts received before `before`, oldest first (by the received_at index); answers how many. */
export async function deleteReceiptsBefore(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('write_receipts')
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'request_id'),
        'in',
        eb
          .selectFrom('write_receipts as old')
          .select(['old.user_id', 'old.request_id'])
          .where('old.received_at', '<', before)
          .orderBy('old.received_at')
          .limit(limit)
          .$asTuple('user_id', 'request_id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------- votes

export async function findVote(db: Db, userId: number, videoId: number): Promise<number> {
  const row = await db.selectFrom('video_votes').select('vote').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
  return row?.vote ?? 0;
}

/** Sets (1, -1) or clears (0) the member's vote, then recounts the video's counters from the votes (in the caller's transaction). */
export async function setVote(trx: Db, userId: number, videoId: number, vote: number, t: number) {
  if (vote === 0) {
    await trx.deleteFrom('video_votes').where('user_id', '=', userId).where('video_id', '=', videoId).execute();
  } else {
    await trx
      .insertInto('video_votes')
      .values({ user_id: userId, video_id: videoId, vote, created_at: t, updated_at: t })
      .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ vote, updated_at: t }))
      .execute();
  }
  return recountVotes(trx, videoId);
}

export function voteCounts(db: Db, videoId: number) {
  return db.selectFrom('videos').select(['like_count', 'dislike_count']).where('id', '=', videoId).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------- My List

export function findWishlistEntry(db: Db, userId: number, videoId: number) {
  return db.selectFrom('wishlists').select('id').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
}

export async function removeWishlistEntry(db: Db, userId: number, videoId: number): Promise<void> {
  await db.deleteFrom('wishlists').where('user_id', '=', userId).where('video_id', '=', videoId).execute();
}

/** Adds the video to the list (a concurrent add of the same video is not an error) and answers the entry's id. */
export async function addWishlistEntry(db: Db, userId: number, videoId: number, t: number): Promise<number> {
  await db
    .insertInto('wishlists')
    .values({ user_id: userId, video_id: videoId, created_at: t })
    .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
    .execute();
  const row = await findWishlistEntry(db, userId, videoId);
  return row!.id;
}

// ---------------------------------------------------------------- watch time

const timezoneOf = compiledOnce((db: Db, userId: number) => db.selectFrom('users').select('timezone').where('id', '=', userId));

export async function findTimezone(db: Db, userId: number): Promise<string | null> {
  return (await timezoneOf(db, userId))[0]?.timezone ?? null;
}

type WatchReport = {
  userId: number;
  videoId: number;
  durationSeconds: number;
  seconds: number;
  /** The player's position (seconds, within the video); undefined keeps the stored one. */
  position: number | undefined;
  day: string;
  t: number;
};

/**
 * `settled`: this report made the video watched (its first report reaching 90%, or the crossing), or it is a replay of
 * a report on a watched video (the first attempt may have stopped before its certificates): the reports after which
 * the member's certificates are checked. A report on a video watched earlier changes no certificate.
 */
export type WatchTotal = { seconds: number; watched_at: number | null; settled: boolean };

/** A counted report's outcome: the totals, and whether it was the member's first on the video. */
export type WatchChange = WatchTotal & { started: boolean };

/** The member's totals on the video, as the replay of a report already applied answers them (it changes nothing). */
export async function replayedWatch(trx: Db, userId: number, videoId: number): Promise<WatchTotal> {
  const [total] = await watchTotals(trx, userId, videoId);
  return total ? { ...total, settled: total.watched_at !== null } : { seconds: 0, watched_at: null, settled: false };
}

/**
 * Adds watch time to the member's total on the video and to the day's row, in the caller's transaction. The total
 * becomes "watched" once, when it reaches 90% of the duration. The row is written before it is read (the update adding
 * to it, else the insert), so it is held until the transaction ends (PostgreSQL; SQLite runs one writer at a time) and
 * exactly one report sees the first start and the crossing: what the report's `watch.reported` event carries.
 */
export async function addWatchTime(trx: Db, r: WatchReport): Promise<WatchChange> {
  const { userId, videoId, t } = r;
  await addToWatchDay(trx, userId, videoId, r.day, r.seconds);
  const watchedAt = isWatched(r.seconds, r.durationSeconds) ? t : null;
  // Most reports add to the row their member's first report made, so the update comes first and the insert only
  // when it found none. The update holds the row until the transaction ends, so a concurrent report reads this
  // one's total and its watched time.
  let [after] = await addToWatch(trx, userId, videoId, r.seconds, t, r.position ?? null);
  if (!after) {
    const [first] = await startWatch(trx, userId, videoId, r.seconds, watchedAt, t, r.position ?? 0);
    if (first) return { ...first, settled: first.watched_at !== null, started: true };
    // Another first report inserted the row after the update looked (this insert waited for it to commit): this one
    // adds to it. Rare: the day's row, written first, already makes a member's reports on a video wait for each other.
    [after] = await addToWatch(trx, userId, videoId, r.seconds, t, r.position ?? null);
    if (!after) throw new Error('the watch row vanished inside its transaction');
  }
  const seconds = Number(after.seconds);
  const crossed = after.watched_at === null && isWatched(seconds, r.durationSeconds);
  if (crossed) await markWatched(trx, userId, videoId, t);
  return { seconds, watched_at: crossed ? t : after.watched_at, settled: crossed, started: false };
}

// The watch report's statements, compiled once (db/compiled-once.ts): the platform's most frequent write.
const addToWatchDay = compiledOnce((db: Db, userId: number, videoId: number, day: string, seconds: number) =>
  db
    .insertInto('video_watch_days')
    .values({ user_id: userId, video_id: videoId, day, seconds })
    .onConflict((oc) => oc.columns(['user_id', 'day', 'video_id']).doUpdateSet({ seconds: sql`video_watch_days.seconds + excluded.seconds` })),
);

const startWatch = compiledOnce((db: Db, userId: number, videoId: number, seconds: number, watchedAt: number | null, t: number, position: number) =>
  db
    .insertInto('video_watch')
    .values({ user_id: userId, video_id: videoId, seconds, watched_at: watchedAt, last_watched_at: t, created_at: t, position_seconds: position })
    .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
    .returning(['seconds', 'watched_at']),
);

/** The member's totals on the video, as a replayed report answers them. */
const watchTotals = compiledOnce((db: Db, userId: number, videoId: number) =>
  db.selectFrom('video_watch').select(['seconds', 'watched_at']).where('user_id', '=', userId).where('video_id', '=', videoId),
);

/**
 * Adds the report's seconds in the row itself and answers the new total with the watched time as it was (this statement
 * leaves it), so a report reads and writes its row in one statement. `position` null keeps the stored one.
 */
const addToWatch = compiledOnce((db: Db, userId: number, videoId: number, seconds: number, t: number, position: number | null) =>
  db
    .updateTable('video_watch')
    .set({ seconds: sql`seconds + ${seconds}`, last_watched_at: t, position_seconds: sql`coalesce(${position}, position_seconds)` })
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .returning(['seconds', 'watched_at']),
);

/** The report that brought the total to "watched" records when (once: the row is held by its transaction). */
const markWatched = compiledOnce((db: Db, userId: number, videoId: number, t: number) =>
  db.updateTable('video_watch').set({ watched_at: t }).where('user_id', '=', userId).where('video_id', '=', videoId).where('watched_at', 'is', null),
);

/** The first listed video of the category, in sub-category order. */
export async function firstVideoOfCategory(db: Db, categoryId: number): Promise<number | null> {
  const row = await db
    .selectFrom('videos')
    .innerJoin('sub_categories', 'sub_categories.id', 'videos.sub_category_id')
    .select('videos.id')
    .where('videos.category_id', '=', categoryId)
    .where('videos.in_test', '=', 1)
    .orderBy('sub_categories.sort')
    .orderBy('sub_categories.id')
    .orderBy('videos.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export function categoryExists(db: Db, categoryId: number) {
  return db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
}

export function findUserOrganization(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}
