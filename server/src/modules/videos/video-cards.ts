import { DEFAULT_LOCALE, type Resolutions, type VideoCard } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import type { Rendition } from '../../db/schema.ts';
import { twoDigits } from '../../lib/clock.ts';
import type { Caller } from '../auth/index.ts';
import { type LocalNames, type LocalTitles, namesIn, titlesIn } from '../captions/index.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import type { MediaSigner } from '../media/index.ts';
import type { Viewer } from './playback-access.ts';
import { resumeSeconds } from './resume.rules.ts';
import type { CatalogCardRow, MemberCardState } from './video-cards.queries.ts';

/** hh:mm:ss (hours grow past 99 for long totals). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  return `${twoDigits(Math.floor(s / 3600))}:${twoDigits(Math.floor((s % 3600) / 60))}:${twoDigits(s % 60)}`;
}

/** Stream URLs by quality: 'original' is the adaptive master playlist, 'WxH' each rendition. */
export function streamUrls(signer: MediaSigner, assetHash: string, renditionsJson: string): Resolutions {
  const renditions = JSON.parse(renditionsJson) as Rendition[];
  const urls: Resolutions = {};
  for (const r of renditions) urls[`${r.width}x${r.height}`] = signer.url(assetHash, r.playlist);
  urls.original = signer.url(assetHash, MASTER_PLAYLIST);
  return urls;
}

/** The catalog picture, else the poster for callers who may play (it sits behind the media signature). */
export function pictureOf(image: string | null, assetHash: string, viewer: Viewer, signer: MediaSigner): string | null {
  return image ?? (viewer.canPlay ? signer.posterUrl(assetHash) : null);
}

/**
 * The videos' titles in the caller's language (captions' `titlesIn`: kept per catalog version, none for English): what
 * every card and video page shows instead of the English title, read once per request rather than per row.
 */
export const titlesFor = (db: Db, caller: Pick<Caller, 'language' | 'catalogVersion'>): Promise<LocalTitles> =>
  titlesIn(db, caller.language ?? DEFAULT_LOCALE, caller.catalogVersion);

/**
 * The categories' and sub-categories' names in the caller's language (captions' `namesIn`: kept per catalog version,
 * none for English): what every screen naming a category or sub-category shows instead of the English name, read once
 * per request rather than per row.
 */
export const namesFor = (db: Db, caller: Pick<Caller, 'language' | 'catalogVersion'>): Promise<LocalNames> =>
  namesIn(db, caller.language ?? DEFAULT_LOCALE, caller.catalogVersion);

/**
 * A card from its catalog columns and the caller's figures: a full row serves as both; the home's kept rows come with
 * the figures read apart (no merged copy: a spread of a hundred-odd rows per screen cost more than building the cards).
 * The title is the caller's language's when the video has one (`titlesFor`), flagged when a machine drafted it.
 */
export function toVideoCard(row: CatalogCardRow, state: MemberCardState, viewer: Viewer, signer: MediaSigner, titles: LocalTitles): VideoCard {
  const picture = pictureOf(row.image, row.content_hash, viewer, signer);
  const local = titles.get(row.id);
  const card: VideoCard = {
    admin_video_id: row.id,
    title: local?.title ?? row.title,
    default_image: picture,
    mobile_image: picture,
    duration: formatDuration(row.duration_seconds),
    duration_seconds: row.duration_seconds,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    publish_time: new Date(Number(row.publish_time)).toISOString(),
    likes: state.like_count,
    dislikes: state.dislike_count,
    wishlist_status: state.wishlist_id === null ? 0 : 1,
    in_test: row.in_test,
    in_production: row.in_production,
    watched: state.watched_at === null ? 0 : 1,
    progress: Math.min(row.duration_seconds, Math.round(state.watch_seconds ?? 0)),
    resume_seconds: state.position_seconds === null ? 0 : resumeSeconds({ position_seconds: state.position_seconds, duration_seconds: row.duration_seconds }),
  };
  if (local?.machine) card.title_machine = true;
  return card;
}
