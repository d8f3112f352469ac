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
 */

export type MediaSigner = {
  /** The URL of `file` (e.g. 'master.m3u8', '720p/index.m3u8', 'poster.jpg') of an asset. */
  url(assetHash: string, file: string): string;
  /** The URL of the asset's poster, opening nothing else. */
  posterUrl(assetHash: string): string;
  /** True when the signature is the server's for this asset (or for this one file of it) and has not expired. */
  verify(expires: string, signature: string, assetHash: string, file: string): boolean;
};

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
  // URLs issued within one hour are identical: each is signed once per hour (a home screen lists hundreds of posters).
  let issuedFor = '';
  const issued = new Map<string, string>();
  const signedUrl = (scope: string, path: string) => {
    const expires = expiry();
    if (expires !== issuedFor || issued.size >= MAX_KEPT_URLS) {
      issued.clear();
      issuedFor = expires;
    }
    const known = issued.get(`${scope}|${path}`);
    if (known) return known;
    const url = `${MEDIA_PREFIX}/${expires}/${sign(`${expires}/${scope}`).toString('base64url')}/${path}`;
    issued.set(`${scope}|${path}`, url);
    return url;
  };
  return {
    url: (assetHash, file) => signedUrl(assetHash, `${assetHash}/${file}`),
    posterUrl: (assetHash) => signedUrl(`${assetHash}/${POSTER}`, `${assetHash}/${POSTER}`),
    verify(expires, signature, assetHash, file) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= clock()) return false;
      const given = Buffer.from(signature, 'base64url');
      return matches(given, `${expires}/${assetHash}`) || matches(given, `${expires}/${assetHash}/${file}`);
    },
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
