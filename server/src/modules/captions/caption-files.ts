import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Cue, writeWebVtt } from './webvtt.ts';

/** The name of a track's file inside its media directory: `/media/<signed>/<hash>/captions.vtt`. */
export const CAPTIONS_FILE = 'captions.vtt';

/**
 * Writes the sanitized track (rewritten from its cues, never the catalog's bytes) under
 * `<media root>/<sha256 of the file>/captions.vtt`, where the signed media route serves it like any
 * other asset file. Content-addressed, so an unchanged track is not written again. Answers the hash.
 */
export function storeCaptionTrack(mediaRoot: string, cues: Cue[]): string {
  const body = writeWebVtt(cues);
  const hash = createHash('sha256').update(body).digest('hex');
  const target = path.join(mediaRoot, hash, CAPTIONS_FILE);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(`${target}.partial`, body);
    fs.renameSync(`${target}.partial`, target);
  }
  return hash;
}
