import type { CaptionTrack } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { CAPTIONS_FILE } from './caption-files.ts';
import { allCaptionTracks, findCaptionTracks } from './captions.queries.ts';

type Track = { lang: string; label: string; content_hash: string };

/** Every video's tracks by video, kept under the catalog version (only an import writes tracks, and it renews it). */
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
  return tracks.map((t) => ({ lang: t.lang, label: t.label, url: signer.url(t.content_hash, CAPTIONS_FILE) }));
}
