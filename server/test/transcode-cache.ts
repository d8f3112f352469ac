import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Transcoded demo media kept between the test runs that seed the demo into fresh data directories
 * (the command-line test, the e2e template, the PostgreSQL pass), so the demo is transcoded once per
 * machine rather than once per run. Assets are named by their source's content hash; the cache
 * folder is named by the transcoder's own source, so a change to media.ts never reuses renditions
 * the previous code made.
 */

const transcoder = path.resolve(import.meta.dirname, '../src/modules/catalog/media.ts');

function cacheDir(): string {
  const version = createHash('sha256').update(fs.readFileSync(transcoder)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'mm-transcode-cache', version);
}

/** Copies the cached assets a data directory lacks into its media folder. */
export function restoreTranscodes(dataDir: string): void {
  const cache = cacheDir();
  if (!fs.existsSync(cache)) return;
  const media = path.join(dataDir, 'media');
  fs.mkdirSync(media, { recursive: true });
  for (const asset of fs.readdirSync(cache)) {
    if (asset.startsWith('.') || fs.existsSync(path.join(media, asset))) continue;
    fs.cpSync(path.join(cache, asset), path.join(media, asset), { recursive: true });
  }
}

/** Adds a data directory's assets to the cache; each is copied aside, then renamed in, so the cache only holds whole assets. */
export function keepTranscodes(dataDir: string): void {
  const media = path.join(dataDir, 'media');
  if (!fs.existsSync(media)) return;
  const cache = cacheDir();
  fs.mkdirSync(cache, { recursive: true });
  for (const asset of fs.readdirSync(media)) {
    // A leading dot marks an unfinished transcode (see transcodeAsset).
    if (asset.startsWith('.') || fs.existsSync(path.join(cache, asset))) continue;
    const partial = path.join(cache, `.partial-${asset}-${process.pid}`);
    fs.cpSync(path.join(media, asset), partial, { recursive: true });
    try {
      fs.renameSync(partial, path.join(cache, asset));
    } catch {
      // Another run cached the same asset first.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
}
