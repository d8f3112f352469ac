import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/free-port.ts';
import { DEMO, dismissToasts, expectVisible, newPage, REPO_ROOT, screenshotAtWidths, signInThroughForm, sleep, useStack, WIDTHS } from './harness.ts';

/** PREPARING_SCREENSHOTS=<folder> saves the preparing state at 425, 768 and 1280 px. */
const SCREENSHOTS = process.env.PREPARING_SCREENSHOTS;

// Issue 36: after a first start the lessons' renditions are prepared in the background; a member who opens one that
// is not ready sees it being prepared, with its progress, and it plays by itself once ready (never an error).
describe('a lesson still being prepared', () => {
  const env = useStack();

  it('says "Preparing this lesson, about N s" with a progress bar, then plays', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const db = new Database(path.join(stack.dataDir, 'platform.sqlite'));
    db.pragma('busy_timeout = 10000');
    // The member's shortest open lesson (the transcode stays short), taken back to what a first start leaves: its
    // renditions not prepared, its files not there (set aside, so the preparation really transcodes).
    const videos = db
      .prepare(
        'select v.id, v.title, m.id as asset_id, m.content_hash from videos v join media_assets m on m.id = v.media_asset_id order by m.duration_seconds',
      )
      .all() as {
      id: number;
      title: string;
      asset_id: number;
      content_hash: string;
    }[];
    let lesson: (typeof videos)[number] | undefined;
    for (const candidate of videos) {
      const shared = videos.filter((v) => v.asset_id === candidate.asset_id).length > 1;
      const open = await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: candidate.id } });
      if (!shared && open.status === 200 && open.body.data.main_video) {
        lesson = candidate;
        break;
      }
    }
    expect(lesson).toBeDefined();
    const { id, title, asset_id: assetId, content_hash: hash } = lesson!;
    const media = path.join(stack.dataDir, 'media');
    fs.renameSync(path.join(media, hash), path.join(media, `set-aside-${hash}`));
    db.prepare(`update media_assets set renditions = '[]' where id = ?`).run(assetId);
    db.prepare(
      `update media_preparations set state = 'pending', progress = 0, wanted_at = null, started_at = null, finished_at = null where media_asset_id = ?`,
    ).run(assetId);
    db.prepare(`update settings set value = ? where key = 'catalog_version'`).run(`e2e-${Date.now()}`);
    db.close();

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);
    // The page's answers while it waits: the preparing state, never an error status.
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/videos/view')) statuses.push(response.status());
    });
    await page.goto(`/video/${id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: title }));
    await expectVisible(page.getByRole('status').filter({ hasText: /^Preparing this lesson, about \d+ (s|min)$/ }));
    // At 0% (waiting its turn) the bar's filled part has no width: the bar is there, its figure a number from 0 to 100.
    const bar = page.getByRole('progressbar', { name: 'Preparing this lesson' });
    await bar.waitFor({ state: 'attached' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);
    await screenshotAtWidths(page, SCREENSHOTS, 'preparing', WIDTHS.desktop);

    // Opening it put it first in line: it is prepared now, the bar moves, then the player takes over by itself.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 150_000 });
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await page.close();
  }, 240_000);

  it('shows a landing clip still being prepared as such, without a play button, and offers play once it is ready', async () => {
    const { stack, browser } = env;
    const db = new Database(path.join(stack.dataDir, 'platform.sqlite'));
    db.pragma('busy_timeout = 10000');
    const { assetId } = db.prepare('select section1_video_asset_id as assetId from landing_content where id = 1').get() as { assetId: number };
    db.prepare(`update media_assets set renditions = '[]' where id = ?`).run(assetId);
    db.prepare(
      `update media_preparations set state = 'pending', progress = 0, wanted_at = null, started_at = null, finished_at = null where media_asset_id = ?`,
    ).run(assetId);
    db.prepare(`update settings set value = ? where key = 'catalog_version'`).run(`e2e-landing-${Date.now()}`);
    db.close();

    const page = await newPage(browser, stack, WIDTHS.mobile);
    await page.goto('/');
    const firstSection = page.getByTestId('landing-section').first();
    // Before: a play button that would load a stream the server cannot send yet (503).
    await expectVisible(firstSection.getByRole('status').filter({ hasText: /^Preview being prepared$/ }));
    expect(await firstSection.getByTestId('landing-video-toggle').count()).toBe(0);
    await screenshotAtWidths(page, SCREENSHOTS, 'landing-preparing', WIDTHS.mobile);
    // Asking for the landing put the clip in line; the page asks again by itself and the button comes back.
    await firstSection.getByTestId('landing-video-toggle').waitFor({ timeout: 150_000 });
    await page.close();
  }, 240_000);
});

// Issue 36: `npm start` on an empty machine answers at once, and the demo is usable as soon as the platform takes the
// port over: its history and its lessons' renditions are prepared afterwards, while it answers.
describe('a first start on an empty data directory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-first-start-'));
  let child: ChildProcess | undefined;
  const output: string[] = [];
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz within 15 s, then the demo member signs in and opens a lesson that plays or says it is being prepared', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _shared, ...env } = process.env;
    const started = Date.now();
    // What `npm start` runs (server/package.json): the port answers while the web app builds (if stale) and the demo loads.
    child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts'), '--build-web'], {
      cwd: REPO_ROOT,
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    const seconds = () => (Date.now() - started) / 1000;

    let healthz = Number.POSITIVE_INFINITY;
    while (seconds() < 15) {
      const res = await fetch(`${base}/healthz`).catch(() => null);
      if (res?.status === 200) {
        healthz = seconds();
        break;
      }
      await sleep(200);
    }
    expect(healthz, output.join('')).toBeLessThanOrEqual(15);

    // The member signs in once the platform has the port (the web build and the demo's foundation, not its history).
    let token = '';
    while (!token && seconds() < 180) {
      const res = await fetch(`${base}/api/v4/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.member.email, password: DEMO.member.password }),
      }).catch(() => null);
      if (res?.status === 200) token = ((await res.json()) as { data: { token: string } }).data.token;
      else await sleep(500);
    }
    expect(token, output.join('')).not.toBe('');
    const signedIn = seconds();

    // One of the member's lessons answers at once: its stream, or how long its preparation takes (never an error).
    const db = new Database(path.join(dataDir, 'platform.sqlite'), { readonly: true });
    const ids = (db.prepare('select id from videos order by id').all() as { id: number }[]).map((v) => v.id);
    db.close();
    let lesson: { main_video: string | null; preparing: { state: string } | null } | undefined;
    for (const id of ids) {
      const res = await fetch(`${base}/api/videos/view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ admin_video_id: id }),
      });
      if (res.status === 200) {
        lesson = ((await res.json()) as { data: NonNullable<typeof lesson> }).data;
        break;
      }
    }
    expect(lesson).toBeDefined();
    expect(lesson?.preparing ? lesson.preparing.state : 'plays').toMatch(/^(waiting|preparing|plays)$/);
    console.log(`first start: /healthz ${healthz.toFixed(1)} s, the demo member signed in ${signedIn.toFixed(1)} s after the start`);
  }, 240_000);
});
