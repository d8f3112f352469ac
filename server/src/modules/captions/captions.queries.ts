import type { Db } from '../../db/client.ts';
import { searchText } from '../../lib/search-text.ts';
import type { Cue } from './webvtt.ts';

export type StoredTrack = { lang: string; label: string; contentHash: string; cues: Cue[] };

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * The catalog's list of tracks replaces the video's stored tracks and cues (cascade). Run inside the
 * import transaction; the cue index follows each insert and delete in the same transaction.
 */
export async function replaceVideoCaptions(db: Db, videoId: number, tracks: StoredTrack[], t: number): Promise<void> {
  await db.deleteFrom('caption_tracks').where('video_id', '=', videoId).execute();
  for (const [sort, track] of tracks.entries()) {
    const { id: trackId } = await db
      .insertInto('caption_tracks')
      .values({ video_id: videoId, lang: track.lang, label: track.label, sort, content_hash: track.contentHash, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = track.cues.map((cue) => ({
      track_id: trackId,
      video_id: videoId,
      start_ms: cue.startMs,
      end_ms: cue.endMs,
      text: cue.text,
      search_text: searchText(cue.text),
    }));
    for (let i = 0; i < rows.length; i += CHUNK)
      await db
        .insertInto('caption_cues')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  }
}

/** Every video's tracks, in catalog order: what an instance keeps under the catalog version (captions.ts). */
export function allCaptionTracks(db: Db) {
  return db.selectFrom('caption_tracks').select(['video_id', 'lang', 'label', 'content_hash']).orderBy('video_id').orderBy('sort').execute();
}

/** A video's tracks in catalog order. */
export function findCaptionTracks(db: Db, videoId: number) {
  return db.selectFrom('caption_tracks').select(['lang', 'label', 'content_hash']).where('video_id', '=', videoId).orderBy('sort').execute();
}
