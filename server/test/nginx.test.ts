import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoot } from '../src/modules/catalog/media.ts';
import { mediaSigner } from '../src/modules/media/media-signer.ts';
import { recordPreparations } from '../src/modules/renditions/index.ts';
import { importTestCatalog, insertFakeAsset, type TestCatalog } from './catalog-fixture.ts';
import { startPlatform, type TestPlatform } from './harness.ts';
import { NGINX, type RunningNginx, startNginx } from './nginx-process.ts';

/**
 * Production behind nginx (issue 18): the shipped deploy/nginx.conf, filled in, runs Debian's nginx in front of
 * the app started with MEDIA_ACCEL_REDIRECT. The app checks each signed media URL and nginx sends the bytes;
 * ffprobe plays the stream through nginx. Needs the `nginx` package (.ci/run installs it).
 */
const run = promisify(execFile);

describe.skipIf(!NGINX)('the app behind nginx with deploy/nginx.conf', () => {
  let platform: TestPlatform;
  let catalog: TestCatalog;
  let nginx: RunningNginx;
  let front: string;
  let work: string;

  beforeAll(async () => {
    platform = await startPlatform({ MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: 'true' });
    catalog = await importTestCatalog(platform);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-nginx-web-'));
    // A stand-in build: one hashed asset and its gzip twin, as web/build/precompress.ts writes them.
    const webDist = path.join(work, 'web');
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'assets', 'app-0123abcd.js'), 'console.log("app");\n'.repeat(200));
    execFileSync('gzip', ['-k', '-9', path.join(webDist, 'assets', 'app-0123abcd.js')]);
    nginx = await startNginx({ app: new URL(platform.url).host, mediaDir: mediaRoot(platform.ctx.config.dataDir), webDist });
    front = nginx.url;
  });

  afterAll(async () => {
    nginx?.stop();
    await platform?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  const signedUrl = async (file: string) => (await mediaSigner(platform.ctx.db)).url(catalog.assetHash, file);

  it('plays a video through nginx: the app checks the signature, nginx sends the very bytes on disk', async () => {
    const master = await fetch(`${front}${await signedUrl('master.m3u8')}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const variant = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'));
    expect(variant).toBeDefined();

    const playlist = await fetch(`${front}${await signedUrl(variant as string)}`);
    expect(playlist.status).toBe(200);
    const segment = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'));
    expect(segment).toBeDefined();
    const segmentPath = `${path.dirname(variant as string)}/${segment}`;
    const onDisk = fs.readFileSync(path.join(mediaRoot(platform.ctx.config.dataDir), catalog.assetHash, segmentPath));

    const whole = await fetch(`${front}${await signedUrl(segmentPath)}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp2t');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(onDisk)).toBe(true);

    const part = await fetch(`${front}${await signedUrl(segmentPath)}`, { headers: { range: 'bytes=188-375' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 188-375/${onDisk.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(onDisk.subarray(188, 376))).toBe(true);

    // A real player reads the whole stream through nginx (asynchronously: the app answers in this process).
    const { stdout: duration } = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `${front}${await signedUrl('master.m3u8')}`],
      {
        encoding: 'utf8',
      },
    );
    expect(Number(duration)).toBeGreaterThan(1.5);
  });

  it('refuses a bad signature in the envelope and never serves the internal location to a client', async () => {
    const good = await signedUrl('master.m3u8');
    const forged = good.replace(/^(\/media\/\d+\/)[\w-]{4}/, '$1AAAA');
    const refused = await fetch(`${front}${forged}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).success).toBe(false);
    expect((await fetch(`${front}/internal-media/${catalog.assetHash}/master.m3u8`)).status).toBe(404);
  });

  it('has the app answer only the redirect, with no bytes, when asked directly', async () => {
    const direct = await fetch(`${platform.url}${await signedUrl('master.m3u8')}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('x-accel-redirect')).toBe(`/internal-media/${catalog.assetHash}/master.m3u8`);
    expect(await direct.text()).toBe('');
  });

  it('says a video not prepared yet is being prepared (503 in the envelope), where nginx alone would answer 404', async () => {
    const db = platform.ctx.db;
    await insertFakeAsset(db, 'd', 60);
    await recordPreparations(db, [{ hash: 'd'.repeat(64), ready: false, priority: 0 }], Date.now());
    const signer = await mediaSigner(db);
    const waiting = await fetch(`${front}${signer.url('d'.repeat(64), 'master.m3u8')}`);
    expect(waiting.status).toBe(503);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await waiting.json()).error_messages).toMatch(/^This video is being prepared, about \d+ s\.$/);
    // What no asset will ever have stays not found.
    expect((await fetch(`${front}${signer.url('e'.repeat(64), 'master.m3u8')}`)).status).toBe(404);
  });

  it('serves hashed build assets from disk, gzip-compressed and cached for a year', async () => {
    const asset = await fetch(`${front}/assets/app-0123abcd.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('console.log("app")');
  });
});
