import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { idListValue, idsIn, jsonArrayOf, jsonRow, jsonValue } from '../../db/dialect.ts';

/** A card's catalog columns: the same for every member (what a kept list holds). */
export const CATALOG_CARD_COLUMNS = [
  'videos.id',
  'videos.title',
  'videos.image',
  'videos.duration_seconds',
  'videos.category_id',
  'videos.sub_category_id',
  'videos.publish_time',
  'videos.in_test',
  'videos.in_production',
  'media_assets.content_hash',
] as const;

/** A card's columns of the caller (and the vote counts, which change without the catalog changing). */
const MEMBER_CARD_COLUMNS = [
  'videos.like_count',
  'videos.dislike_count',
  'video_watch.seconds as watch_seconds',
  'video_watch.position_seconds',
  'video_watch.watched_at',
  'wishlists.id as wishlist_id',
] as const;

/** The videos with the caller's watch time and list entry joined on the caller's id. */
const videosWithMember = (db: Db, userId: number) =>
  db
    .selectFrom('videos')
    .leftJoin('video_watch', (j) => j.onRef('video_watch.video_id', '=', 'videos.id').on('video_watch.user_id', '=', userId))
    .leftJoin('wishlists', (j) => j.onRef('wishlists.video_id', '=', 'videos.id').on('wishlists.user_id', '=', userId));

/**
 * The one query shape behind every video list: the video, its asset (for the poster) and the
 * caller's watch time and list entry, joined on the caller's id so one query answers a whole list.
 */
export function selectVideoCards(db: Db, userId: number) {
  return videosWithMember(db, userId)
    .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
    .select([...CATALOG_CARD_COLUMNS, ...MEMBER_CARD_COLUMNS]);
}

export type VideoCardRow = {
  id: number;
  title: string;
  image: string | null;
  duration_seconds: number;
  category_id: number;
  sub_category_id: number;
  publish_time: number;
  like_count: number;
  dislike_count: number;
  in_test: number;
  in_production: number;
  content_hash: string;
  watch_seconds: number | null;
  /** Where the player last reported, null when never started. */
  position_seconds: number | null;
  watched_at: number | null;
  wishlist_id: number | null;
};

/** What a video card shows of the caller and of the votes, which change without the catalog changing. */
export type MemberCardState = Pick<VideoCardRow, 'like_count' | 'dislike_count' | 'watch_seconds' | 'position_seconds' | 'watched_at' | 'wishlist_id'>;

/** What a video card shows of the catalog alone: the same for every member (what a kept listing holds). */
export type CatalogCardRow = Omit<VideoCardRow, keyof MemberCardState>;

/**
 * The member's figures (and the vote counts) of the given videos, by video id: one statement of key lookups whose
 * rows come back as one JSON value (a home asks for 250 videos; building a row object each cost more than the lookups).
 */
export async function memberCardStates(db: Db, userId: number, videoIds: number[]): Promise<Map<number, MemberCardState>> {
  if (videoIds.length === 0) return new Map();
  const [row] = await cardStates(db, userId, idListValue(db, videoIds));
  type Figures = [number, number, number, number | null, number | null, number | null, number | null];
  return new Map(
    jsonValue<Figures[]>(row?.states ?? '[]').map(([id, like_count, dislike_count, watch_seconds, position_seconds, watched_at, wishlist_id]) => [
      id,
      { like_count, dislike_count, watch_seconds, position_seconds, watched_at, wishlist_id },
    ]),
  );
}

/** Compiled once (db/compiled-once.ts): every home and list screen asks it. */
const cardStates = compiledOnce((db: Db, userId: number, videoIds: string) =>
  videosWithMember(db, userId)
    .select(
      jsonArrayOf(
        db,
        jsonRow(
          db,
          sql`videos.id, videos.like_count, videos.dislike_count, video_watch.seconds, video_watch.position_seconds, video_watch.watched_at, wishlists.id`,
        ),
      ).as('states'),
    )
    .where('videos.id', 'in', idsIn(db, videoIds)),
);

/** One video's member figures and the caller's vote: the per-member part of a video page. Compiled once (db/compiled-once.ts). */
const memberVideo = compiledOnce((db: Db, userId: number, videoId: number) =>
  videosWithMember(db, userId)
    .leftJoin('video_votes', (j) => j.onRef('video_votes.video_id', '=', 'videos.id').on('video_votes.user_id', '=', userId))
    .select([...MEMBER_CARD_COLUMNS, 'video_votes.vote'])
    .where('videos.id', '=', videoId),
);

/** Undefined when the video does not exist. */
export async function memberVideoState(db: Db, userId: number, videoId: number) {
  return (await memberVideo(db, userId, videoId))[0];
}

/** Counts and pages a card query (count first, so a page past the end still knows the total). */
export async function pageOfCards<Q extends ReturnType<typeof selectVideoCards>>(db: Db, query: Q, order: (q: Q) => Q, skip: number, take: number) {
  const { total } = await db
    .selectFrom(query.as('listed'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = Number(total) > skip ? await order(query).limit(take).offset(skip).execute() : [];
  return { total: Number(total), rows: rows as VideoCardRow[] };
}
