import type { Readable } from 'node:stream';

/**
 * Where the platform keeps the files it serves: media renditions (HLS playlists, segments, posters), caption
 * tracks, playbooks and uploads (avatars, banners, catalog pictures). Keys are the paths those files had under
 * DATA_DIR, so the local directory keeps today's layout and a bucket mirrors it:
 *
 *   media/<sha256 of the source>/master.m3u8, <height>p/index.m3u8, <height>p/seg_000.ts, poster.jpg
 *   media/<sha256 of the track>/captions.vtt
 *   playbooks/<hash>.pdf
 *   uploads/avatars/<token>.webp, uploads/banners/<token>.webp, uploads/catalog/<hash>.<ext>
 *
 * Two implementations: the directory under DATA_DIR (local-storage.ts, the default) and an S3-compatible bucket
 * (s3-storage.ts, STORAGE_URL=s3://...).
 */

/** `modifiedMs` (epoch ms) with the size makes the media ETag. */
export type StoredObject = { size: number; modifiedMs: number };

/** Inclusive byte range, as HTTP ranges are. */
export type ByteRange = { start: number; end: number };

export type StorageRead = { body: Readable; size: number; contentType: string | undefined };

export type Storage = {
  readonly kind: 'local' | 's3';
  /** Where it is, for logs and the operator (never a secret). */
  readonly description: string;
  /** Writes the whole object; a reader never sees a partial one. */
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /** Writes a local file as the object (streamed, not read into memory). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object's bytes (or the range), null when absent. */
  get(key: string, range?: ByteRange): Promise<StorageRead | null>;
  /** The whole object in memory, null when absent: for small files (playlists, posters, captions). */
  read(key: string): Promise<Buffer | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; an absent one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * Moves a finished local directory in as the objects `<prefix>/<relative path>`, `last` written after every other
   * file (its presence says the whole directory is there). The directory is gone afterwards.
   */
  putDirectory(prefix: string, dir: string, last: string): Promise<void>;
  /** A fresh local directory to build files in before putDirectory (on the same disk as the store when local). */
  stagingDir(name: string): string;
  /** The file on this machine's disk holding the object, for nginx (X-Accel-Redirect); null for a bucket. */
  localPath(key: string): string | null;
  /** A short-lived URL that reads the object without the app (a bucket only; null for the local directory). */
  presignedUrl(key: string, seconds: number): Promise<string | null>;
  /** Throws when the store cannot be reached or written (readiness checks). */
  ping(): Promise<void>;
  close(): void;
};

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.vtt': 'text/vtt; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** The type a stored file is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[key.slice(dot).toLowerCase()]) || 'application/octet-stream';
}

/** Transcoded assets and caption tracks: `media/<sha256>/...`. */
export const MEDIA_KEY_PREFIX = 'media/';

/** The prefixes that belong to the store (everything else under DATA_DIR, the SQLite file, keys, stays local). */
export const STORED_PREFIXES = ['media/', 'playbooks/', 'uploads/'] as const;

/** Keys come from the platform itself; this refuses anything that could leave the store's root all the same. */
export function assertKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((s) => s === '' || s === '.' || s === '..') || key.includes('\\') || key.includes('\0')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
