import type { Db } from '../../db/client.ts';
import { searchText } from '../../lib/search-text.ts';
import type { Cue } from './webvtt.ts';

export type StoredTrack = { lang: string; label: string; contentHash: string; cues: Cue[] };

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** Where machine drafts sort: after every track of the catalog's. */
const MACHINE_SORT = 1000;

async function insertTrack(db: Db, videoId: number, track: StoredTrack, sort: number, t: number, machine?: { sourceHash: string }): Promise<void> {
  const { id: trackId } = await db
    .insertInto('caption_tracks')
    .values({
      video_id: videoId,
      lang: track.lang,
      label: track.label,
      sort,
      content_hash: track.contentHash,
      origin: machine ? 'machine' : 'author',
      source_hash: machine?.sourceHash ?? null,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = track.cues.map((cue) => ({
    track_id: trackId,
    video_id: videoId,
    start_ms: cue.startMs,
    end_ms: cue.endMs,
    text: cue.text,
    search_text: searchText(cue.text),
    lang: track.lang,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('caption_cues')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/**
 * The catalog's list of tracks replaces the video's author tracks and cues (cascade). A machine draft stays unless the
 * catalog now has a track of its language (the author's replaces the draft). Run inside the import transaction; the
 * cue index follows each insert and delete in the same transaction. Tracks already as the catalog lists them (same
 * languages, labels, order and content, no draft of their languages) are left untouched: answers whether it wrote.
 */
export async function replaceVideoCaptions(db: Db, videoId: number, tracks: StoredTrack[], t: number): Promise<boolean> {
  const langs = tracks.map((track) => track.lang);
  const stored = await db
    .selectFrom('caption_tracks')
    .select(['lang', 'label', 'sort', 'content_hash', 'origin'])
    .where('video_id', '=', videoId)
    .orderBy('sort')
    .execute();
  const authored = stored.filter((row) => row.origin === 'author');
  const unchanged =
    authored.length === tracks.length &&
    authored.every(
      (row, i) => row.lang === tracks[i]!.lang && row.label === tracks[i]!.label && row.sort === i && row.content_hash === tracks[i]!.contentHash,
    ) &&
    !stored.some((row) => row.origin !== 'author' && langs.includes(row.lang));
  if (unchanged) return false;
  await db
    .deleteFrom('caption_tracks')
    .where('video_id', '=', videoId)
    .where((eb) => (langs.length ? eb.or([eb('origin', '=', 'author'), eb('lang', 'in', langs)]) : eb('origin', '=', 'author')))
    .execute();
  for (const [sort, track] of tracks.entries()) await insertTrack(db, videoId, track, sort, t);
  return true;
}

/**
 * The videos whose `source` author track has no `target` track, or only a machine draft made from another version
 * of it (out of date), in id order.
 */
export async function videosToDraft(db: Db, source: string, target: string): Promise<number[]> {
  const rows = await db
    .selectFrom('caption_tracks as s')
    .leftJoin('caption_tracks as d', (join) => join.onRef('d.video_id', '=', 's.video_id').on('d.lang', '=', target))
    .select('s.video_id')
    .where('s.lang', '=', source)
    .where('s.origin', '=', 'author')
    .where((eb) => eb.or([eb('d.id', 'is', null), eb.and([eb('d.origin', '=', 'machine'), eb('d.source_hash', '!=', eb.ref('s.content_hash'))])]))
    .orderBy('s.video_id')
    .execute();
  return rows.map((r) => r.video_id);
}

/** A video's track of `lang` (any origin), or undefined. */
export function findTrackOf(db: Db, videoId: number, lang: string) {
  return db
    .selectFrom('caption_tracks')
    .select(['id', 'origin', 'content_hash', 'source_hash'])
    .where('video_id', '=', videoId)
    .where('lang', '=', lang)
    .executeTakeFirst();
}

/** A track's cues in time order. */
export async function cuesOfTrack(db: Db, trackId: number): Promise<Cue[]> {
  const rows = await db
    .selectFrom('caption_cues')
    .select(['start_ms', 'end_ms', 'text'])
    .where('track_id', '=', trackId)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ startMs: r.start_ms, endMs: r.end_ms, text: r.text }));
}

/** Replaces the video's machine draft of the track's language (if any) with this one, drafted from `sourceHash`. */
export async function replaceMachineTrack(db: Db, videoId: number, track: StoredTrack, sourceHash: string, t: number): Promise<void> {
  await db.deleteFrom('caption_tracks').where('video_id', '=', videoId).where('lang', '=', track.lang).where('origin', '=', 'machine').execute();
  await insertTrack(db, videoId, track, MACHINE_SORT, t, { sourceHash });
}

/** Every video's tracks, in catalog order: what an instance keeps under the catalog version (captions.ts). */
export function allCaptionTracks(db: Db) {
  return db
    .selectFrom('caption_tracks')
    .select(['video_id', 'lang', 'label', 'content_hash', 'origin', 'source_hash'])
    .orderBy('video_id')
    .orderBy('sort')
    .execute();
}

/** A video's tracks in catalog order. */
export function findCaptionTracks(db: Db, videoId: number) {
  return db
    .selectFrom('caption_tracks')
    .select(['lang', 'label', 'content_hash', 'origin', 'source_hash'])
    .where('video_id', '=', videoId)
    .orderBy('sort')
    .execute();
}

/**
 * A video's transcript as its author's captions hold it (never a machine draft): the cue texts in time order, from the
 * track in `preferred` when there is one, else the first by catalog order; null without an author's track.
 */
export async function authorTranscriptOf(db: Db, videoId: number, preferred = 'en'): Promise<{ lang: string; texts: string[] } | null> {
  const tracks = await db
    .selectFrom('caption_tracks')
    .select(['id', 'lang'])
    .where('video_id', '=', videoId)
    .where('origin', '=', 'author')
    .orderBy('sort')
    .execute();
  const track = tracks.find((t) => t.lang === preferred) ?? tracks[0];
  if (!track) return null;
  return { lang: track.lang, texts: (await cuesOfTrack(db, track.id)).map((c) => c.text) };
}
