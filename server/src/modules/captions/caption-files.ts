import { createHash } from 'node:crypto';
import { MEDIA_KEY_PREFIX, type Storage } from '../../lib/storage/storage.ts';
import { type Cue, writeWebVtt } from './webvtt.ts';

/** The name of a track's file inside its media directory: `/media/<signed>/<hash>/captions.vtt`. */
export const CAPTIONS_FILE = 'captions.vtt';

/**
 * Writes the sanitized track (rewritten from its cues, never the catalog's bytes) as
 * `media/<sha256 of the file>/captions.vtt` in the store, where the signed media route serves it like any
 * other asset file. Content-addressed, so an unchanged track is not written again. Answers the hash.
 */
export async function storeCaptionTrack(storage: Storage, cues: Cue[]): Promise<string> {
  const body = writeWebVtt(cues);
  const hash = createHash('sha256').update(body).digest('hex');
  const key = `${MEDIA_KEY_PREFIX}${hash}/${CAPTIONS_FILE}`;
  if (!(await storage.head(key))) await storage.put(key, body, 'text/vtt; charset=utf-8');
  return hash;
}
