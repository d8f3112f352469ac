import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { HOUR, now } from '../../lib/clock.ts';
import { settingOrCreate } from '../settings/settings.queries.ts';

/**
 * Signed, expiring media URLs: `/media/<expires>/<signature>/<asset hash>/<file>`.
 * The signature (HMAC-SHA256 of `<expires>/<asset hash>`) sits in path segments, so the relative
 * URLs inside HLS playlists inherit it and one signature opens every file of one asset until it
 * expires. Whoever decides access (a member's subscription, later a share link) signs; the media
 * route only checks the signature. The secret is generated once and kept in the `settings` table.
 */

export type MediaSigner = {
  /** The URL of `file` (e.g. 'master.m3u8', '720p/index.m3u8', 'poster.jpg') of an asset. */
  url(assetHash: string, file: string): string;
  /** True when the signature is the server's for this asset and has not expired. */
  verify(expires: string, signature: string, assetHash: string): boolean;
};

export const MEDIA_PREFIX = '/media';
const SECRET_KEY = 'media_signing_secret';
/** URLs live 6 to 7 hours: expiry is rounded up to the hour so URLs issued within one hour are identical and cacheable. */
const VALID_FOR = 6 * HOUR;

export function createMediaSigner(secret: string, clock: () => number = now): MediaSigner {
  const key = Buffer.from(secret, 'base64url');
  const sign = (expires: string, assetHash: string) => createHmac('sha256', key).update(`${expires}/${assetHash}`).digest();
  return {
    url(assetHash, file) {
      const expires = String(Math.ceil((clock() + VALID_FOR) / HOUR) * (HOUR / 1000));
      return `${MEDIA_PREFIX}/${expires}/${sign(expires, assetHash).toString('base64url')}/${assetHash}/${file}`;
    },
    verify(expires, signature, assetHash) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= clock()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(expires, assetHash);
      return given.length === expected.length && timingSafeEqual(given, expected);
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
