import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { HOUR, now } from '../../lib/clock.ts';
import { POSTER } from '../catalog/index.ts';
import { settingOrCreate } from '../settings/index.ts';

/**
 * Signed, expiring media URLs: `/media/<expires>/<signature>/<asset hash>/<file>`.
 * The signature (HMAC-SHA256 of `<expires>/<asset hash>`) sits in path segments, so the relative
 * URLs inside HLS playlists inherit it and one signature opens every file of one asset until it
 * expires. A poster URL is signed for that one file (`<expires>/<asset hash>/poster.jpg`), so the
 * picture of a card a caller may not play (a locked category) never opens its stream. Whoever decides
 * access (a member's subscription and path, a share link) signs; the media route only checks the
 * signature. The secret is generated once and kept in the `settings` table.
 *
 * A URL may carry a grant, `<expires>.<grant>` in its first segment and inside the signature: access that can be
 * taken back before the URL expires (an organization's own lesson, unpublished or deleted). The media route asks the
 * grant's owner whether it still holds on every request (MediaGate), so taking it back cuts the URL at once.
 */

export type MediaSigner = {
  /** The URL of `file` (e.g. 'master.m3u8', '720p/index.m3u8', 'poster.jpg') of an asset, under `grant` when given. */
  url(assetHash: string, file: string, grant?: string): string;
  /** The URL of the asset's poster, opening nothing else. */
  posterUrl(assetHash: string, grant?: string): string;
  /**
   * True when the signature is the server's for this asset (or for this one file of it) and has not expired.
   * `expires` is the URL's first segment as given, its grant included.
   */
  verify(expires: string, signature: string, assetHash: string, file: string): boolean;
  /** The signed address of a private picture kept at `address` (`/uploads/<folder>/<name>`, contract's private-uploads.ts). */
  uploadUrl(address: string): string;
  /** True when the signature is the server's for this private picture (`uploads/<folder>/<name>`) and has not expired. */
  verifyUpload(expires: string, signature: string, key: string): boolean;
};

/** Asks whether a URL's grant still holds (the grant's owner decides: modules/studio for own lessons). */
export type MediaGate = (grant: string) => Promise<boolean>;

/** What a grant may be: short, and safe in a path segment. */
const GRANT = /^[a-z][a-z0-9-]{0,40}$/;
/** A URL's first segment: the expiry (seconds), then its grant if any. */
const FIRST_SEGMENT = /^(\d{1,12})(?:\.([a-z][a-z0-9-]{0,40}))?$/;

/** The grant a URL's first segment carries, or null. */
export function grantOf(firstSegment: string): string | null {
  return FIRST_SEGMENT.exec(firstSegment)?.[2] ?? null;
}

export const MEDIA_PREFIX = '/media';
const SECRET_KEY = 'media_signing_secret';
/** URLs live 6 to 7 hours: expiry is rounded up to the hour so URLs issued within one hour are identical and cacheable. */
const VALID_FOR = 6 * HOUR;
/** Signed URLs remembered within an hour: a catalog's posters and playlists, a few megabytes at most. */
const MAX_KEPT_URLS = 50_000;

export function createMediaSigner(secret: string, clock: () => number = now): MediaSigner {
  const key = Buffer.from(secret, 'base64url');
  const sign = (scope: string) => createHmac('sha256', key).update(scope).digest();
  const expiry = () => String(Math.ceil((clock() + VALID_FOR) / HOUR) * (HOUR / 1000));
  const matches = (given: Buffer, scope: string) => {
    const expected = sign(scope);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const current = (expires: string) => {
    const seconds = FIRST_SEGMENT.exec(expires)?.[1];
    return seconds !== undefined && Number(seconds) * 1000 > clock();
  };
  // URLs issued within one hour are identical: each is signed once per hour (a home screen lists hundreds of posters).
  let issuedFor = '';
  const issued = new Map<string, string>();
  const signedUrl = (scope: string, path: string, grant: string | undefined) => {
    if (grant !== undefined && !GRANT.test(grant)) throw new Error(`Not a media grant: ${grant}`);
    const hour = expiry();
    if (hour !== issuedFor || issued.size >= MAX_KEPT_URLS) {
      issued.clear();
      issuedFor = hour;
    }
    const expires = grant === undefined ? hour : `${hour}.${grant}`;
    const known = issued.get(`${expires}|${scope}|${path}`);
    if (known) return known;
    const url = `${MEDIA_PREFIX}/${expires}/${sign(`${expires}/${scope}`).toString('base64url')}/${path}`;
    issued.set(`${expires}|${scope}|${path}`, url);
    return url;
  };
  return {
    url: (assetHash, file, grant) => signedUrl(assetHash, `${assetHash}/${file}`, grant),
    posterUrl: (assetHash, grant) => signedUrl(`${assetHash}/${POSTER}`, `${assetHash}/${POSTER}`, grant),
    verify(expires, signature, assetHash, file) {
      if (!current(expires)) return false;
      const given = Buffer.from(signature, 'base64url');
      return matches(given, `${expires}/${assetHash}`) || matches(given, `${expires}/${assetHash}/${file}`);
    },
    // Scoped `upload:<key>`: never an asset's scope (a hex hash) nor a poster's, so neither signature opens the other.
    uploadUrl: (address) => signedUrl(`upload:${address.slice(1)}`, address.slice(1), undefined),
    verifyUpload: (expires, signature, key) =>
      FIRST_SEGMENT.exec(expires)?.[2] === undefined && current(expires) && matches(Buffer.from(signature, 'base64url'), `${expires}/upload:${key}`),
  };
}

const signers = new WeakMap<Db, Promise<MediaSigner>>();

/** The platform's signer, its secret read (or created) once per database connection. */
export function mediaSigner(db: Db): Promise<MediaSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = settingOrCreate(db, SECRET_KEY, () => randomBytes(32).toString('base64url')).then((secret) => createMediaSigner(secret));
    // A failed read (database down) is retried by the next request rather than remembered.
    signer.catch(() => signers.delete(db));
    signers.set(db, signer);
  }
  return signer;
}
