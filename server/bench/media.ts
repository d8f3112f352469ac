import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { MASTER_PLAYLIST, mediaRoot } from '../src/modules/catalog/media.ts';
import { mediaSigner } from '../src/modules/media/media-signer.ts';
import { NGINX, startNginx } from '../test/nginx-process.ts';
import { benchConfig, freshDatabase } from './database.ts';
import { type LoadFigures, load } from './load.ts';
import { PROFILE_DIR, startProfile } from './profile.ts';

/** A 720p HLS segment of 4 s at about 1 Mbit/s, the ladder's middle rung. */
const SEGMENT_BYTES = 512 * 1024;
const ASSET = 'b'.repeat(64);
const SEGMENT = '720p/seg_000.ts';

export type MediaFigures = { name: string; baseline: boolean } & LoadFigures;

/**
 * The media case: one HLS segment fetched over `connections` connections, by nginx straight from disk (the
 * baseline, when nginx is installed), by the app itself, and through nginx in front of the app as deploy/nginx.conf
 * ships it (the app checks the signature and answers X-Accel-Redirect; nginx sends the bytes).
 */
export async function benchMedia(connections: number, seconds: number): Promise<MediaFigures[]> {
  const database = await freshDatabase('media');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-media-'));
  // Both apps share the database, so one evidence key.
  const EVIDENCE_KEY = randomBytes(32).toString('hex');
  const direct = await buildApp(benchConfig(database.url, dataDir, { TRUST_PROXY: 'false', EVIDENCE_KEY }));
  const behindNginx = await buildApp(benchConfig(database.url, dataDir, { MEDIA_ACCEL_REDIRECT: '/internal-media/', EVIDENCE_KEY }));
  const stops: (() => unknown)[] = [() => direct.app.close(), () => behindNginx.app.close()];
  try {
    const mediaDir = mediaRoot(dataDir);
    fs.mkdirSync(path.join(mediaDir, ASSET, path.dirname(SEGMENT)), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, ASSET, SEGMENT), randomBytes(SEGMENT_BYTES));
    // An asset is served once its master playlist is in the store (a prepared asset); before that the app answers 503.
    fs.writeFileSync(path.join(mediaDir, ASSET, MASTER_PLAYLIST), '#EXTM3U\n');
    const signed = (await mediaSigner(direct.ctx.db)).url(ASSET, SEGMENT);
    const urlOf = async (app: typeof direct.app) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };
    const appHost = await urlOf(direct.app);
    const frontedHost = await urlOf(behindNginx.app);
    const get = (pathname: string) => [{ method: 'GET' as const, path: pathname, headers: {} }];
    const cases: { name: string; baseline: boolean; url: string; path: string }[] = [];
    if (NGINX) {
      const nginx = await startNginx({
        app: frontedHost,
        mediaDir,
        webDist: dataDir,
        extraServer: `\nserver {\n  listen {{EXTRA_LISTEN}};\n  location /direct/ { alias ${mediaDir}/; sendfile on; tcp_nopush on; types { video/mp2t ts; } }\n}\n`,
      });
      stops.push(nginx.stop);
      cases.push({ name: 'nginx from disk (baseline)', baseline: true, url: nginx.extraUrl as string, path: `/direct/${ASSET}/${SEGMENT}` });
      cases.push({ name: 'nginx in front of the app (X-Accel-Redirect)', baseline: false, url: nginx.url, path: signed });
    }
    cases.push({ name: 'the app alone', baseline: false, url: `http://${appHost}`, path: signed });
    const results: MediaFigures[] = [];
    for (const c of cases) {
      const check = await fetch(`${c.url}${c.path}`);
      const bytes = (await check.arrayBuffer()).byteLength;
      if (check.status !== 200 || bytes !== SEGMENT_BYTES) throw new Error(`${c.name} answered ${check.status} with ${bytes} bytes`);
      await load(c.url, get(c.path), { connections, seconds: 1, spreadAddresses: false });
      const profile = PROFILE_DIR ? await startProfile() : null;
      const figures = await load(c.url, get(c.path), { connections, seconds, spreadAddresses: false });
      if (profile) await profile.stop(path.join(PROFILE_DIR as string, `media-${c.name.replace(/[^A-Za-z0-9_]+/g, '-')}.cpuprofile`));
      results.push({ name: c.name, baseline: c.baseline, ...figures });
    }
    return results;
  } finally {
    for (const stop of stops.reverse()) await stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
