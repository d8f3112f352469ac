import path from 'node:path';
import { MEDIA_KEY_PREFIX } from '../../lib/storage/storage.ts';

/** What the media route may serve, by extension: HLS playlists and segments, posters, caption tracks. */
const FILE_TYPES: Record<string, { type: string; immutable: boolean }> = {
  '.m3u8': { type: 'application/vnd.apple.mpegurl', immutable: false },
  '.ts': { type: 'video/mp2t', immutable: true },
  '.m4s': { type: 'video/iso.segment', immutable: true },
  '.mp4': { type: 'video/mp4', immutable: true },
  '.jpg': { type: 'image/jpeg', immutable: true },
  // Caption files are content-addressed too (captions/caption-files.ts).
  '.vtt': { type: 'text/vtt; charset=utf-8', immutable: true },
};

// Segments never change (content-addressed assets); playlists are re-read now and then so a fixed asset shows up.
const IMMUTABLE = 'private, max-age=31536000, immutable';
const SHORT = 'private, max-age=60';

const ASSET_HASH = /^[a-f0-9]{64}$/;
// A name never starts with a dot, so no "." or ".." segment can pass.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export type MediaFile = {
  /** The object in the store: `media/<asset>/<file>`. */
  key: string;
  type: string;
  cacheControl: string /** Content-addressed: the bytes under this name never change. */;
  immutable: boolean;
};

/**
 * The object `media/<asset>/...` named by at most two clean path segments with a known extension; null for anything
 * else (traversal, odd names, other types). A segment never starts with a dot, so no "." or ".." can pass.
 */
export function resolveMediaFile(assetHash: string, relative: string): MediaFile | null {
  if (!ASSET_HASH.test(assetHash)) return null;
  const segments = relative.split('/');
  if (segments.length > 2 || !segments.every((s) => SEGMENT.test(s))) return null;
  const kind = FILE_TYPES[path.extname(relative).toLowerCase()];
  if (!kind) return null;
  return {
    key: `${MEDIA_KEY_PREFIX}${assetHash}/${segments.join('/')}`,
    type: kind.type,
    cacheControl: kind.immutable ? IMMUTABLE : SHORT,
    immutable: kind.immutable,
  };
}

export type ByteRange = { start: number; end: number };

/**
 * The single byte range asked by a `Range` header: a range, 'unsatisfiable' (answer 416), or null
 * to send the whole file (no header, a malformed one, or several ranges, which RFC 9110 lets a server ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
