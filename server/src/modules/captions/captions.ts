import type { CaptionTrack } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { DRAFT_SOURCE } from './apertium.ts';
import { CAPTIONS_FILE } from './caption-files.ts';
import { allCaptionTracks, findCaptionTracks } from './captions.queries.ts';

type Track = { lang: string; label: string; content_hash: string; origin: string; source_hash: string | null };

/** Every video's tracks by video, kept under the catalog version (an import and a machine draft write tracks, and both renew it). */
const keptTracks = new KeptByVersion<Map<number, Track[]>>(2);

const tracksByVideo = async (db: Db): Promise<Map<number, Track[]>> => groupBy(await allCaptionTracks(db), (t) => t.video_id);

/**
 * A video's caption tracks with signed URLs, for callers who may play it (the others get none, like streams). With
 * the caller's catalog version they come from what this instance keeps; without one they are read.
 */
export async function captionTracksOf(
  db: Db,
  videoId: number,
  canPlay: boolean,
  signer: { url(assetHash: string, file: string): string },
  catalogVersion?: string,
): Promise<CaptionTrack[]> {
  if (!canPlay) return [];
  const tracks =
    catalogVersion === undefined
      ? await findCaptionTracks(db, videoId)
      : ((await keptTracks.get(db, catalogVersion, 'tracks', () => tracksByVideo(db))).get(videoId) ?? []);
  return tracks.map((t) => ({ lang: t.lang, label: t.label, url: signer.url(t.content_hash, CAPTIONS_FILE), ...machineFlags(t, tracks) }));
}

/** A machine track says so, and is out of date when its source track is no longer the one it was drafted from. */
function machineFlags(track: Track, tracks: Track[]): { machine?: true; outOfDate?: true } {
  if (track.origin !== 'machine') return {};
  const source = tracks.find((t) => t.lang === DRAFT_SOURCE && t.origin === 'author');
  return source?.content_hash === track.source_hash ? { machine: true } : { machine: true, outOfDate: true };
}
