import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { TEST_STORAGES } from '../../../test/s3-server.ts';
import { HOUR } from '../../lib/clock.ts';
import { createMediaSigner, mediaSigner } from './media-signer.ts';

/**
 * Both stores: the local directory with segments held in memory (the default), and a bucket with nothing held, so every
 * byte and range is read from the bucket.
 */
const cases = TEST_STORAGES.map((storage) => ({ storage, memory: storage === 's3' ? { MEDIA_MEMORY_MB: '0' } : ({} as Record<string, string>) }));

describe.each(cases)('media on the $storage store', ({ storage, memory }) => {
  let platform: TestPlatform;
  let catalog: TestCatalog;
  let master: string;

  beforeAll(async () => {
    platform = await startPlatform(memory, { storage });
    catalog = await importTestCatalog(platform);
    const acme = await organizationWithMembers(platform, 'Acme');
    const view = await platform.api('POST', '/api/videos/view', { token: acme.member.token, json: { admin_video_id: catalog.videos.lockout } });
    master = view.body.data.main_video;
  });
  afterAll(() => platform.close());

  /** A GET whose body is read at once (a body left unread would hold its connection past the test). */
  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${platform.url}${url}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body, text: () => body.toString() };
  }
  const sibling = (file: string) => master.replace(/master\.m3u8$/, file);

  /** A raw request, so the path reaches the server exactly as written (fetch would normalise "..") . */
  function rawGet(path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const url = new URL(platform.url);
      http
        .get({ host: url.hostname, port: url.port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
  }

  describe('media signer', () => {
    it('signs the expiry and the asset, with the expiry rounded up to the hour, 6 to 7 hours ahead', () => {
      const t = Date.parse('2026-03-01T10:20:00Z');
      const signer = createMediaSigner('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I', () => t);
      const url = signer.url(catalog.assetHash, 'master.m3u8');
      const [, , expires, signature, hash, file] = url.split('/');
      expect(Number(expires) * 1000).toBe(Date.parse('2026-03-01T17:00:00Z'));
      expect(hash).toBe(catalog.assetHash);
      expect(file).toBe('master.m3u8');
      expect(signer.verify(expires!, signature!, hash!, 'master.m3u8')).toBe(true);
      expect(signer.verify(expires!, signature!, hash!, '720p/seg_001.ts')).toBe(true);
      expect(signer.verify(expires!, signature!, 'f'.repeat(64), 'master.m3u8')).toBe(false);
      expect(signer.verify(String(Number(expires) + 3600), signature!, hash!, 'master.m3u8')).toBe(false);
      expect(signer.url(catalog.assetHash, 'poster.jpg')).toContain(`/${expires}/${signature}/`);
      const later = createMediaSigner('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I', () => t + 8 * HOUR);
      expect(later.verify(expires!, signature!, hash!, 'master.m3u8')).toBe(false);
    });

    it('signs a poster for that one file: its signature opens no playlist or segment', () => {
      const signer = createMediaSigner('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I', () => Date.parse('2026-03-01T10:20:00Z'));
      const [, , expires, signature, hash, file] = signer.posterUrl(catalog.assetHash).split('/');
      expect(file).toBe('poster.jpg');
      expect(signer.verify(expires!, signature!, hash!, 'poster.jpg')).toBe(true);
      expect(signer.verify(expires!, signature!, hash!, 'master.m3u8')).toBe(false);
      expect(signer.verify(expires!, signature!, hash!, '240p/seg_000.ts')).toBe(false);
    });

    it('keeps one secret per platform, stored in the database', async () => {
      const stored = await platform.ctx.db.selectFrom('settings').select('value').where('key', '=', 'media_signing_secret').executeTakeFirstOrThrow();
      expect(stored.value.length).toBeGreaterThanOrEqual(43);
      const signer = await mediaSigner(platform.ctx.db);
      expect(signer.url(catalog.assetHash, 'master.m3u8')).toBe(createMediaSigner(stored.value).url(catalog.assetHash, 'master.m3u8'));
    });
  });

  describe('GET /media/...', () => {
    it('serves the master playlist, whose relative renditions inherit the signature', async () => {
      const res = await get(master);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(res.headers.get('cache-control')).toBe('private, max-age=60');
      const playlist = res.text();
      expect(playlist).toContain('240p/index.m3u8');
      const rendition = await get(sibling('240p/index.m3u8'));
      expect(rendition.status).toBe(200);
      expect(rendition.text()).toContain('seg_000.ts');
    });

    it('serves segments and posters with long private caching', async () => {
      const segment = await get(sibling('240p/seg_000.ts'));
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect(segment.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(segment.headers.get('accept-ranges')).toBe('bytes');
      const bytes = segment.body;
      expect(bytes.length).toBe(Number(segment.headers.get('content-length')));
      expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
      const poster = await get(sibling('poster.jpg'));
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      const etag = poster.headers.get('etag')!;
      expect((await get(sibling('poster.jpg'), { 'if-none-match': etag })).status).toBe(304);
    });

    it('answers byte ranges with 206, and 416 past the end', async () => {
      const whole = (await get(sibling('240p/seg_000.ts'))).body;
      const size = whole.length;
      const first = await get(sibling('240p/seg_000.ts'), { range: 'bytes=0-99' });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
      expect(first.headers.get('content-length')).toBe('100');
      expect(first.body.equals(whole.subarray(0, 100))).toBe(true);
      const open = await get(sibling('240p/seg_000.ts'), { range: `bytes=${size - 10}-` });
      expect(open.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(open.body.equals(whole.subarray(size - 10))).toBe(true);
      const suffix = await get(sibling('240p/seg_000.ts'), { range: 'bytes=-5' });
      expect(suffix.status).toBe(206);
      expect(suffix.body.equals(whole.subarray(size - 5))).toBe(true);
      const beyond = await get(sibling('240p/seg_000.ts'), { range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
      // Malformed or multiple ranges: the whole file.
      expect((await get(sibling('240p/seg_000.ts'), { range: 'bytes=0-1,5-6' })).status).toBe(200);
      expect((await get(sibling('240p/seg_000.ts'), { range: 'pages=1-2' })).status).toBe(200);
    });

    it('answers HEAD without a body', async () => {
      const res = await fetch(`${platform.url}${sibling('240p/seg_000.ts')}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    });

    it('refuses expired and forged signatures with 403', async () => {
      const [, , expires, signature, hash] = master.split('/');
      const { value } = await platform.ctx.db.selectFrom('settings').select('value').where('key', '=', 'media_signing_secret').executeTakeFirstOrThrow();
      const expired = createMediaSigner(value, () => Date.now() - 8 * HOUR).url(hash!, 'master.m3u8');
      expect((await get(expired)).status).toBe(403);
      const forged = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      const res = await get(`/media/${expires}/${forged}/${hash}/master.m3u8`);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text()).error_messages).toBe('This media link has expired or is not valid. Reload the page.');
      expect((await get(`/media/${Number(expires) + 3600}/${signature}/${hash}/master.m3u8`)).status).toBe(403);
      expect((await get(`/media/${expires}/${signature}/${'0'.repeat(64)}/master.m3u8`)).status).toBe(403);
      expect((await get(`/media/${expires}/${signature}/${hash}/master.m3u8`)).status).toBe(200);
    });

    it('serves nothing outside the asset: traversal, other files and odd names are 404', async () => {
      const [, , expires, signature, hash] = master.split('/');
      const prefix = `/media/${expires}/${signature}/${hash}`;
      for (const path of [
        `${prefix}/../../platform.sqlite`,
        `${prefix}/..%2F..%2Fplatform.sqlite`,
        `${prefix}/%2e%2e/%2e%2e/playbooks/x.pdf`,
        `${prefix}/240p/../../x.ts`,
        `${prefix}/.hidden.ts`,
        `${prefix}/a/b/c.ts`,
        `${prefix}/master.txt`,
        `${prefix}/missing.ts`,
        `/media/${expires}/${signature}/${hash!.toUpperCase()}/master.m3u8`,
        `/media/${expires}/${signature}/x/master.m3u8`,
      ]) {
        expect([path, await rawGet(path)]).toEqual([path, 404]);
      }
    });
  });

  if (storage === 's3')
    it('keeps the media in the bucket, not on the disk', async () => {
      expect(fs.existsSync(path.join(platform.ctx.config.dataDir, 'media'))).toBe(false);
      const keys: string[] = [];
      for await (const found of platform.ctx.storage.list(`media/${catalog.assetHash}/`)) keys.push(found.key);
      expect(keys).toContain(`media/${catalog.assetHash}/master.m3u8`);
      expect(keys).toContain(`media/${catalog.assetHash}/240p/seg_000.ts`);
    });
});
