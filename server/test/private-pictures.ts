import { expect } from 'vitest';
import { HOUR } from '../src/lib/clock.ts';
import { createMediaSigner } from '../src/modules/media/media-signer.ts';
import type { TestPlatform } from './harness.ts';

/** `/media/<expires>/<signature>/uploads/<folder>/<name>.webp`, as the answers carry a private picture. */
export const SIGNED_PICTURE = /^\/media\/\d+\/[\w-]+\/uploads\/(questions|practical)\/[\w-]+\.webp$/;

/** The address a private picture is kept at, from its signed address. */
export const storedAddress = (signed: string) => signed.replace(/^\/media\/[^/]+\/[^/]+/, '');

const status = async (platform: TestPlatform, address: string) => (await fetch(`${platform.url}${address}`)).status;

/**
 * A private picture (issue 38) opens at the signed address an authorized answer gave, and at nothing else: not at the
 * address it is kept at however spelled (404), not with a forged signature, an expired one, or another picture's (403).
 */
export async function expectPrivatePicture(platform: TestPlatform, signed: string, other: string) {
  expect(signed).toMatch(SIGNED_PICTURE);
  const opened = await fetch(`${platform.url}${signed}`);
  expect(opened.status).toBe(200);
  expect(opened.headers.get('content-type')).toBe('image/webp');
  expect(opened.headers.get('cache-control')).toMatch(/^private/);

  const stored = storedAddress(signed);
  const [, folder = '', name = ''] = /^\/uploads\/([^/]+)\/(.+)$/.exec(stored) ?? [];
  for (const address of [stored, `/uploads//${folder}/${name}`, `/uploads/%${folder.charCodeAt(0).toString(16)}${folder.slice(1)}/${name}`]) {
    expect(await status(platform, address), address).toBe(404);
  }

  const [, , expires, signature] = signed.split('/') as [string, string, string, string];
  const forged = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  expect(await status(platform, signed.replace(signature, forged))).toBe(403);
  // Another picture's signature does not open this one.
  expect(await status(platform, `${storedAddress(other).replace(/^/, `/media/${expires}/${signature}`)}`)).toBe(403);
  // The server's own signature, for this very picture, once it has expired.
  const { value } = await platform.ctx.db.selectFrom('settings').select('value').where('key', '=', 'media_signing_secret').executeTakeFirstOrThrow();
  const old = createMediaSigner(value, () => Date.now() - 8 * HOUR).uploadUrl(stored);
  expect(old).toMatch(SIGNED_PICTURE);
  expect(await status(platform, old)).toBe(403);
}
