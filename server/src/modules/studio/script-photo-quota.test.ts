import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * A script's step photos count against the organization's studio storage like uploads do: the library's storage
 * figure grows by each stored photo, and the quota holds when two photos arrive at once (the check and the record
 * are one step per organization, so both cannot see the same free space).
 */
let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
let PHOTO: Buffer;

beforeAll(async () => {
  // A noisy picture, so its re-encoded JPEG is tens of kilobytes, not a few hundred bytes.
  PHOTO = execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=640x480,geq=random(1)*255:128:128',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  platform = await startPlatform();
  org = await organizationWithMembers(platform, 'Photo Plant');
});
afterAll(async () => {
  await platform?.close();
});

async function uploadPhoto(token: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(PHOTO)]), 'photo.png');
  const res = await fetch(`${platform.url}/api/studio/script-photos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

const storage = async () => (await platform.api('GET', '/api/studio/lessons', { token: org.superUser.token })).body.data.storage as { used_bytes: number };

it('counts each stored photo in the storage used, and two photos at once cannot both pass a quota with room for one', async () => {
  const before = (await storage()).used_bytes;
  const first = await uploadPhoto(org.superUser.token);
  expect(first.status).toBe(201);
  const stored = await platform.ctx.storage.read((first.body.data.photo_url as string).replace(/^\/media\/[^/]+\/[^/]+\//, ''));
  const size = stored!.length;
  expect(size).toBeGreaterThan(1000);
  expect((await storage()).used_bytes).toBe(before + size);

  // Room for one more photo and a half: of two sent at once, one is kept and one refused with nothing stored.
  await platform.ctx.db
    .insertInto('studio_quotas')
    .values({ organization_id: org.organizationId, quota_bytes: before + size + Math.floor(size * 1.5), updated_at: Date.now() })
    .execute();
  const both = await Promise.all([uploadPhoto(org.superUser.token), uploadPhoto(org.superUser.token)]);
  expect(both.map((r) => r.status).sort()).toEqual([201, 413]);
  const refused = both.find((r) => r.status === 413)!;
  expect(refused.body.error_messages).toContain('storage is full');
  expect((await storage()).used_bytes).toBe(before + 2 * size);
  const kept: string[] = [];
  for await (const found of platform.ctx.storage.list(`uploads/studio-photos/${org.organizationId}/`)) kept.push(found.key);
  expect(kept).toHaveLength(2);
  // Full now: one more is refused on its own too.
  expect((await uploadPhoto(org.superUser.token)).status).toBe(413);
});
