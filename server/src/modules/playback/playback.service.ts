import type { Readable } from 'node:stream';
import {
  type LastVideoData,
  type LikeData,
  NEED_SUBSCRIPTION_MESSAGE,
  PAGE_SIZE,
  playbookPath,
  type SuggestionsData,
  type VideoDetail,
  type VideoSecondData,
  type WatchData,
  type WishlistData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { dayIn, now, toIso } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { groupBy } from '../../lib/group-by.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import type { Caller } from '../auth/index.ts';
import { captionTracksOf } from '../captions/index.ts';
import { assertVideoOpen, issueDueCertificates, lastWatchedByUser, lastWatchedInCategory, pathAccessOf } from '../learning/index.ts';
import { mediaSigner } from '../media/index.ts';
import { preparationOf, preparationsOfMedia } from '../renditions/index.ts';
import {
  assertCanPlay,
  assertNotGuest,
  memberVideoState,
  namesFor,
  pictureOf,
  resumeSeconds,
  streamUrls,
  titlesFor,
  toVideoCard,
  type Viewer,
} from '../videos/index.ts';
import { assertCanReadHistory } from './playback.policy.ts';
import {
  addWatchTime,
  addWishlistEntry,
  allCastCrews,
  allVideos,
  categoryExists,
  claimWrite,
  findCastCrews,
  findTimezone,
  findTrailers,
  findUserOrganization,
  findVideo,
  findVideoCatalogDetail,
  findVote,
  findWishlistEntry,
  firstVideoOfCategory,
  removeWishlistEntry,
  replayedWatch,
  setVote,
  suggestionsPage,
  type VideoCatalogDetail,
  type VideoRow,
  voteCounts,
  type WatchTotal,
} from './playback.queries.ts';

const VIDEO_NOT_FOUND = 'Video not found.';
const NOT_FOR_MY_LIST = 'This video is not offered in My List.';

type CastCrew = { id: number; name: string };

/** Every video's experts by video, kept under the catalog version (only an import writes them, and it renews it). */
const keptCastCrews = new KeptByVersion<Map<number, CastCrew[]>>(2);

/** The video's experts: from what this instance keeps under the caller's catalog version, read without one. */
async function castCrewsOf(ctx: AppContext, videoId: number, catalogVersion: string | undefined): Promise<CastCrew[]> {
  if (catalogVersion === undefined) return findCastCrews(ctx.db, videoId);
  const byVideo = await keptCastCrews.get(ctx.db, catalogVersion, 'cast', async () => groupBy(await allCastCrews(ctx.db), (c) => c.video_id));
  return byVideo.get(videoId) ?? [];
}

/** Every video's row by id, kept under the catalog version (only an import writes videos' catalog columns, and it renews it). */
const keptVideos = new KeptByVersion<Map<number, VideoRow>>(2);

/** The video, or 404: from what this instance keeps under the caller's catalog version (a playing call asks no statement), read without one. */
async function existingVideo(ctx: AppContext, videoId: number, catalogVersion: string | undefined) {
  const video =
    catalogVersion === undefined
      ? await findVideo(ctx.db, videoId)
      : (await keptVideos.get(ctx.db, catalogVersion, 'videos', async () => new Map((await allVideos(ctx.db)).map((v) => [v.id, v])))).get(videoId);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

/** A video the caller may open: it exists, its category is not locked in their path and the path does not hide it. */
async function openVideo(ctx: AppContext, caller: Caller, videoId: number) {
  const video = await existingVideo(ctx, videoId, caller.catalogVersion);
  assertVideoOpen(await pathAccessOf(ctx, caller, video.category_id), video, VIDEO_NOT_FOUND);
  return video;
}

/** Each video page's catalog part, kept under the catalog version: one entry per video opened since the last import. */
const keptVideoDetails = new KeptByVersion<VideoCatalogDetail | undefined>(5000);

const videoCatalogDetail = (ctx: AppContext, videoId: number, catalogVersion: string | undefined) =>
  keptVideoDetails.get(ctx.db, catalogVersion, String(videoId), () => findVideoCatalogDetail(ctx.db, videoId));

/** The video for the caller: stream URLs only when they may play (the signer is never asked otherwise). */
export async function viewVideo(ctx: AppContext, viewer: Viewer, videoId: number): Promise<VideoDetail> {
  const [row, member] = await Promise.all([videoCatalogDetail(ctx, videoId, viewer.catalogVersion), memberVideoState(ctx.db, viewer.userId, videoId)]);
  if (!row || !member) throw notFound(VIDEO_NOT_FOUND);
  assertVideoOpen(await pathAccessOf(ctx, viewer, row.category_id), row, VIDEO_NOT_FOUND);
  const signer = await mediaSigner(ctx.db);
  const [castCrews, captions, preparing, titles, names] = await Promise.all([
    castCrewsOf(ctx, videoId, viewer.catalogVersion),
    captionTracksOf(ctx.db, videoId, viewer.canPlay, signer, viewer.catalogVersion),
    // Only someone who may play waits for the streams (and moves the lesson up the queue).
    viewer.canPlay ? preparationOf(ctx, row.media_asset_id, row.renditions) : null,
    titlesFor(ctx.db, viewer),
    namesFor(ctx.db, viewer),
  ]);
  // No stream until the renditions are prepared: the page says how long instead.
  const streams = viewer.canPlay && !preparing ? streamUrls(signer, row.content_hash, row.renditions) : {};
  return {
    ...toVideoCard(row, member, viewer, signer, titles),
    description: titles.get(videoId)?.description || row.description,
    main_video: streams.original ?? null,
    main_resolutions: streams,
    resolutions: streams,
    age: 'All',
    category_name: names.categories.get(row.category_id) ?? row.category_name,
    sub_category_name: names.subCategories.get(row.sub_category_id) ?? row.sub_category_name,
    is_series: 0,
    user_vote: member.vote ?? 0,
    wishlist_id: member.wishlist_id,
    should_display_ppv: 0,
    ppv_page_type: 0,
    is_user_need_subscription: viewer.canPlay ? 0 : 1,
    currency: 'USD',
    ppv_amount: 0,
    playbook_url: row.playbook_path ? playbookPath(row.id) : null,
    share_link: null,
    cast_crews: castCrews.map((c) => ({ cast_crew_id: c.id, name: c.name })),
    subscription_message: viewer.canPlay ? null : NEED_SUBSCRIPTION_MESSAGE,
    captions,
    preparing,
  };
}

export async function videoTrailers(ctx: AppContext, viewer: Viewer, videoId: number): Promise<VideoSecondData> {
  await openVideo(ctx, viewer, videoId);
  const signer = await mediaSigner(ctx.db);
  const trailers = await findTrailers(ctx.db, videoId);
  // Only someone who may play waits for the streams (and moves the trailers up the queue), as for the lesson itself.
  const preparing = viewer.canPlay
    ? await preparationsOfMedia(
        ctx,
        trailers.map((t) => t.content_hash),
      )
    : new Map<string, null>();
  return {
    trailer_section: trailers.map((t) => {
      const waiting = preparing.get(t.content_hash) ?? null;
      const streams = viewer.canPlay && !waiting ? streamUrls(signer, t.content_hash, t.renditions) : {};
      return {
        name: t.name,
        default_image: pictureOf(t.image, t.content_hash, viewer, signer),
        main_video: streams.original ?? null,
        resolutions: streams,
        preparing: waiting,
      };
    }),
  };
}

export async function suggestions(ctx: AppContext, viewer: Viewer, videoId: number, skip: number): Promise<SuggestionsData> {
  const video = await openVideo(ctx, viewer, videoId);
  const { total, rows } = await suggestionsPage(ctx.db, viewer.userId, video, skip, PAGE_SIZE);
  const [signer, titles] = await Promise.all([mediaSigner(ctx.db), titlesFor(ctx.db, viewer)]);
  return { videos: rows.map((r) => toVideoCard(r, r, viewer, signer, titles)), total, skip, take: PAGE_SIZE };
}

/**
 * One vote per member and video: pressing the other button switches it, pressing the same one again removes it.
 * A press replayed from the offline queue (its `requestId` already received) changes nothing and answers the vote.
 */
export async function vote(
  ctx: AppContext,
  caller: Caller,
  videoId: number,
  pressed: 1 | -1,
  requestId?: string,
): Promise<{ data: LikeData; removed: boolean }> {
  await existingVideo(ctx, videoId, caller.catalogVersion);
  const t = now();
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findVote(trx, caller.userId, videoId);
    if (requestId !== undefined && !(await claimWrite(trx, caller.userId, requestId, t))) {
      const counts = await voteCounts(trx, videoId);
      return { data: { like_count: counts.like_count, dislike_count: counts.dislike_count, user_vote: current }, removed: current === 0 };
    }
    const next = current === pressed ? 0 : pressed;
    const counts = await setVote(trx, caller.userId, videoId, next, t);
    return { data: { like_count: counts.like_count, dislike_count: counts.dislike_count, user_vote: next }, removed: next === 0 };
  });
}

/** Adds or removes the video from My List; a press replayed from the offline queue changes nothing. */
export async function toggleWishlist(ctx: AppContext, caller: Caller, videoId: number, requestId?: string): Promise<WishlistData> {
  const video = await existingVideo(ctx, videoId, caller.catalogVersion);
  const t = now();
  return ctx.db.transaction().execute(async (trx) => {
    const entry = await findWishlistEntry(trx, caller.userId, videoId);
    const replayed = requestId !== undefined && !(await claimWrite(trx, caller.userId, requestId, t));
    if (replayed) return entry ? { wishlist_id: entry.id, wishlist_status: 1 } : { wishlist_id: null, wishlist_status: 0 };
    if (entry) {
      await removeWishlistEntry(trx, caller.userId, videoId);
      return { wishlist_id: null, wishlist_status: 0 };
    }
    // My List shows in_production videos only (decisions.md): adding another would be a silent no-show. One already
    // there from before its flag changed can still be removed above.
    if (video.in_production !== 1) throw conflict(NOT_FOR_MY_LIST);
    return { wishlist_id: await addWishlistEntry(trx, caller.userId, videoId, t), wishlist_status: 1 };
  });
}

/** A report may add at most twice the video's length: a stuck tab or a forged value cannot mark a whole category watched. */
const MAX_REPORT_FACTOR = 2;

/**
 * Counts a checked report in one transaction: the member's watch rows, then its `watch.reported` event, whose handlers
 * (the training records and stations in qualifications, the kept figures and points in learning) run in the same
 * transaction, so a report counts everywhere or nowhere (docs/architecture.md, "How a watch report fans out").
 */
export function applyWatchReport(
  ctx: AppContext,
  r: {
    userId: number;
    organizationId: number | null;
    video: VideoRow;
    seconds: number;
    position: number | undefined;
    day: string;
    t: number;
    requestId?: string | undefined;
  },
): Promise<WatchTotal> {
  const { userId, video, seconds, position, day, t } = r;
  return ctx.db.transaction().execute(async (trx) => {
    // A report replayed from the offline queue (its id already received) counts nothing and answers the totals.
    if (r.requestId !== undefined && !(await claimWrite(trx, userId, r.requestId, t))) return replayedWatch(trx, userId, video.id);
    const change = await addWatchTime(trx, { userId, videoId: video.id, durationSeconds: video.duration_seconds, seconds, position, day, t });
    await ctx.events.emit(trx, 'watch.reported', {
      at: t,
      day,
      userId,
      organizationId: r.organizationId,
      video: {
        id: video.id,
        title: video.title,
        categoryId: video.category_id,
        subCategoryId: video.sub_category_id,
        durationSeconds: video.duration_seconds,
        revision: video.revision,
        listed: video.in_test === 1,
      },
      seconds,
      totalSeconds: Number(change.seconds),
      position: position ?? null,
      started: change.started,
      watched: change.settled,
    });
    return change;
  });
}

export async function reportWatchTime(
  ctx: AppContext,
  viewer: Viewer,
  input: { user: number; video: number; timeSpent: number; position?: number | undefined; request_id?: string | undefined },
): Promise<WatchData> {
  if (input.user !== viewer.userId) throw forbidden('You can only report your own watch time.');
  assertCanPlay(viewer);
  const video = await openVideo(ctx, viewer, input.video);
  const t = now();
  const seconds = Math.min(input.timeSpent * 60, video.duration_seconds * MAX_REPORT_FACTOR);
  const day = dayIn(t, viewer.timezone !== undefined ? viewer.timezone : await findTimezone(ctx.db, viewer.userId));
  const position = input.position === undefined ? undefined : Math.min(input.position, video.duration_seconds);
  const total = await applyWatchReport(ctx, {
    userId: viewer.userId,
    organizationId: viewer.organizationId,
    video,
    seconds,
    position,
    day,
    t,
    requestId: input.request_id,
  });
  // Certificates are checked after the commit, once the video counts as watched (idempotent): they are counted from
  // committed rows, so of two concurrent reports finishing a category the later one always sees both videos watched.
  if (total.settled) await issueDueCertificates(ctx, viewer, video);
  return {
    video_id: video.id,
    watched: total.watched_at === null ? 0 : 1,
    progress: Math.min(video.duration_seconds, Math.round(total.seconds)),
    watched_at: toIso(total.watched_at === null ? null : Number(total.watched_at)),
  };
}

export async function resumeInCategory(ctx: AppContext, caller: Caller, categoryId: number): Promise<LastVideoData> {
  if (!(await categoryExists(ctx.db, categoryId))) throw notFound('Category not found.');
  const last = await lastWatchedInCategory(ctx.db, caller.userId, categoryId);
  if (last) return { id: last.id, resume_seconds: resumeSeconds(last) };
  return { id: await firstVideoOfCategory(ctx.db, categoryId), resume_seconds: 0 };
}

export async function lastVideoOfUser(ctx: AppContext, caller: Caller, userId: number): Promise<LastVideoData> {
  const user = await findUserOrganization(ctx.db, userId);
  if (!user) throw notFound('User not found.');
  assertCanReadHistory(caller, user);
  const last = await lastWatchedByUser(ctx.db, userId);
  return { id: last?.id ?? null, resume_seconds: resumeSeconds(last) };
}

export type Playbook = { body: Readable; size: number; filename: string };

/** The playbook PDF for members who may play; the guest is refused (the web app sends them to /plans). */
export async function playbookFile(ctx: AppContext, viewer: Viewer, videoId: number): Promise<Playbook> {
  assertNotGuest(viewer);
  const video = await openVideo(ctx, viewer, videoId);
  assertCanPlay(viewer, 'To download the playbook you need to hire a plan, contact your boss or hire a plan.');
  if (!video.playbook_path) throw notFound('This video has no playbook.');
  const stored = await ctx.storage.get(video.playbook_path);
  if (!stored) throw notFound('This video has no playbook.');
  const slug = video.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { body: stored.body, size: stored.size, filename: `${slug || 'video'}-playbook.pdf` };
}
