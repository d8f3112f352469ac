import type { CaptionTrack } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import { CAPTIONS_FILE } from './caption-files.ts';
import { findCaptionTracks } from './captions.queries.ts';

/** A video's caption tracks with signed URLs, for callers who may play it (the others get none, like streams). */
export async function captionTracksOf(
  db: Db,
  videoId: number,
  canPlay: boolean,
  signer: { url(assetHash: string, file: string): string },
): Promise<CaptionTrack[]> {
  if (!canPlay) return [];
  const tracks = await findCaptionTracks(db, videoId);
  return tracks.map((t) => ({ lang: t.lang, label: t.label, url: signer.url(t.content_hash, CAPTIONS_FILE) }));
}
