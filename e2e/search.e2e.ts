import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectVisible, newPage, pressPlayerControl, REPO_ROOT, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const DEMO_CATALOG_DIR = path.join(REPO_ROOT, 'server', 'demo-catalog');
const FILE_FIELDS = new Set(['media', 'image', 'picture', 'playbook', 'banner_video', 'video', 'file']);
const SHOTS = process.env.SHOTS_DIR;

/** The demo catalog with its file paths made absolute, so a copy elsewhere imports the same files. */
function absolutePaths(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absolutePaths);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, FILE_FIELDS.has(k) && typeof v === 'string' ? path.join(DEMO_CATALOG_DIR, v) : absolutePaths(v)]),
    );
  }
  return value;
}

/**
 * The operator re-imports the demo catalog with an English caption track on its first video only (media
 * unchanged, so nothing is transcoded; the import queues that track's Spanish draft for the stack's worker);
 * answers that video's title.
 */
function importCaptions(dataDir: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-e2e-captions-'));
  const catalog = absolutePaths(JSON.parse(fs.readFileSync(path.join(DEMO_CATALOG_DIR, 'catalog.json'), 'utf8'))) as any;
  const first = catalog.categories[0].sub_categories[0].videos[0];
  fs.writeFileSync(
    path.join(dir, 'first.en.vtt'),
    'WEBVTT\n\n00:00:02.000 --> 00:00:05.000\nWelcome to the line.\n\n00:01:05.000 --> 00:01:08.000\nNow re-torque the <b>clamp</b> to spec.\n',
  );
  for (const category of catalog.categories) for (const sub of category.sub_categories) for (const video of sub.videos) video.captions = [];
  first.captions = [{ lang: 'en', label: 'English', file: 'first.en.vtt' }];
  fs.writeFileSync(path.join(dir, 'catalog.json'), JSON.stringify(catalog));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'platform.ts'), 'import-catalog', path.join(dir, 'catalog.json')], {
    cwd: REPO_ROOT,
    env,
    stdio: 'ignore',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return first.title as string;
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

describe('search', () => {
  const env = useStack();

  // The operator's re-import (ffprobe of every demo medium) runs inside the test.
  it('finds a spoken word in the transcripts and opens the video at that second', { timeout: 240_000 }, async () => {
    const { stack, browser } = env;
    const title = importCaptions(stack.dataDir);
    // The worker drafts the Spanish track, which keeps "re-torque" as written: the moment is still listed once below.
    const member = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const found = (await stack.api('GET', `/api/search?q=${encodeURIComponent('re-torque clamp')}`, { token: member })).body.data.cues.items;
    const firstId = found[0].admin_video_id as number;
    const tracks = async () =>
      ((await stack.api('POST', '/api/videos/view', { token: member, json: { admin_video_id: firstId } })).body.data.captions as { lang: string }[]).map(
        (t) => t.lang,
      );
    await expect.poll(tracks, { timeout: 90_000, interval: 1000 }).toEqual(['en', 'es']);
    const drafted = (await stack.api('GET', `/api/search?q=${encodeURIComponent('re-torque')}`, { token: member })).body.data.cues.items;
    expect(drafted.map((c: { start_seconds: number; lang: string }) => [c.start_seconds, c.lang])).toEqual([[65, 'en']]);

    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      const page = await newPage(browser, stack, width);
      await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
      await dismissToasts(page);
      await page.goto('/search');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Search' }));
      expect(await page.title()).toBe('Search · Manufacturing Masters');

      // Typing the start of the last word is enough.
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('re-torque cla');
      await page.keyboard.press('Enter');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Results for “re-torque cla”' }));
      const moments = page.getByRole('region', { name: 'Moments in videos' });
      const cue = moments.getByRole('link', { name: new RegExp(`${title} at 1:05`) });
      await expectVisible(cue);
      expect(await cue.locator('mark').allTextContents()).toEqual(['re', 'torque', 'clamp']);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.title()).toBe('“re-torque cla” – Search · Manufacturing Masters');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `search-${width}.png`), fullPage: true });

      if (width === WIDTHS.desktop) {
        // Video titles and categories are found too; nothing found says so.
        await page.goto('/search?q=lean');
        await expectVisible(page.getByRole('region', { name: 'Sub-categories' }).getByRole('link', { name: /Lean Foundations/ }));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `search-lean-${width}.png`), fullPage: true });
        await page.goto('/search?q=zzqxj');
        await expectVisible(page.getByText('Nothing found for “zzqxj”'));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `search-empty-${width}.png`), fullPage: true });

        // From the header's search field, the cue opens the video at its second.
        await page.goto('/');
        const headerSearch = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
        await headerSearch.fill('torque');
        await headerSearch.press('Enter');
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Results for “torque”' }));
        await page.getByRole('region', { name: 'Moments in videos' }).getByRole('link').first().click();
        await page.waitForURL((url) => /^\/video\/\d+$/.test(url.pathname));
        expect(new URL(page.url()).searchParams.get('t')).toBe('65');
        const videoPath = new URL(page.url()).pathname;
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
        const startedAt = await currentTime(page);
        expect(startedAt).toBeGreaterThanOrEqual(64);
        expect(startedAt).toBeLessThan(67);

        // The captions menu shows the English track, and Off hides it again.
        const caption = page.getByTestId('player-caption');
        const captionsShown = () => caption.count();
        expect(await captionsShown()).toBe(0);
        await pressPlayerControl(page.getByRole('button', { name: /^Captions / }));
        await page.getByRole('menuitem', { name: 'English' }).click();
        await expect.poll(captionsShown).toBe(1);

        // The transcript (open beside the video on a wide screen) lists the cues; a cue seeks there.
        const transcript = page.getByRole('region', { name: 'Transcript' });
        await expectVisible(transcript.getByRole('button', { name: /Now re-torque the clamp to spec\./ }));
        await expectVisible(transcript.locator('[aria-current="time"]', { hasText: 'Now re-torque the clamp' }));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `player-captions-${width}.png`) });
        await transcript.getByRole('button', { name: /Welcome to the line\./ }).click();
        await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 99) < 10);
        expect(await currentTime(page)).toBeGreaterThanOrEqual(2);
        // One cue at a time over the picture (the browser's own captions stacked the previous cue and this one), in a
        // size set by the player: at most 28 px, one line of this cue.
        await expect.poll(() => caption.allTextContents()).toEqual(['Welcome to the line.']);
        const line = await caption
          .locator('span')
          .evaluate((el) => ({ size: Number.parseFloat(getComputedStyle(el).fontSize), height: el.getBoundingClientRect().height }));
        expect(line.size).toBeLessThanOrEqual(28);
        expect(line.height).toBeLessThan(line.size * 2);
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `player-caption-after-transcript-${width}.png`) });
        // Enter on a cue seeks too.
        await transcript.getByRole('button', { name: /Now re-torque the clamp to spec\./ }).press('Enter');
        await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 65);

        // Paused there, the place is reported; the video opened again resumes at that second, captions as chosen.
        const report = page.waitForResponse((response) => response.url().endsWith('/api/watch-user-video') && response.status() === 201);
        await pressPlayerControl(page.getByRole('button', { name: 'Pause' }));
        await report;
        const pausedAt = await currentTime(page);
        await page.goto(videoPath);
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
        const resumedAt = await currentTime(page);
        expect(Math.abs(resumedAt - Math.floor(pausedAt))).toBeLessThan(1.5);
        await expect.poll(captionsShown).toBe(1);
        await pressPlayerControl(page.getByRole('button', { name: /^Captions / }));
        await page.getByRole('menuitem', { name: 'Off' }).click();
        await expect.poll(captionsShown).toBe(0);

        // The video's card, its detail panel and the home's path say where it resumes.
        const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
        const videoId = Number(videoPath.split('/').pop());
        const detail = (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: videoId } })).body.data;
        expect(Math.abs(detail.resume_seconds - pausedAt)).toBeLessThan(1.5);
        const label = `Continue from ${Math.floor(detail.resume_seconds / 60)}:${String(detail.resume_seconds % 60).padStart(2, '0')}`;
        await page.goto(`/category/${detail.category_id}`);
        const card = page.getByRole('button', { name: new RegExp(`^${title}`) }).first();
        await expectVisible(card.getByText(label, { exact: true }));
        await card.click();
        await expectVisible(page.getByRole('dialog', { name: title }).getByTestId('resume-label').getByText(label, { exact: true }));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `resume-panel-${width}.png`) });
        // On home, a category under way offers its last video from where it stopped.
        const login = await stack.api('POST', '/api/v4/login', { json: { email: DEMO.member.email, password: DEMO.member.password } });
        const home = (await stack.api('POST', '/api/learning_path_home', { token, json: {} })).body.data;
        const step = home.categories.find(
          (c: { state: string; available: boolean; last_video_id: number | null }) => c.state !== 'completed' && c.available && c.last_video_id,
        );
        expect(step?.last_video_id).toBeTruthy();
        const reported = await stack.api('POST', '/api/watch-user-video', {
          token,
          json: { user: login.body.data.user_id, video: step.last_video_id, timeSpent: 0.5, position: 42 },
        });
        expect(reported.status).toBe(201);
        await page.goto('/home');
        await expectVisible(page.getByRole('button', { name: 'Continue from 0:42', exact: true }));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `resume-home-${width}.png`), fullPage: true });
      } else {
        // Narrow headers offer the search page behind an icon.
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Search' }));

        // On narrow screens the transcript opens on demand, below the video.
        await page.goto('/search?q=torque');
        await page.getByRole('region', { name: 'Moments in videos' }).getByRole('link').first().click();
        await page.waitForURL((url) => /^\/video\/\d+$/.test(url.pathname));
        const transcript = page.getByRole('region', { name: 'Transcript' });
        await pressPlayerControl(page.getByRole('button', { name: 'Transcript' }));
        await expectVisible(transcript);
        await expectVisible(transcript.getByRole('button', { name: /Welcome to the line\./ }));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `player-transcript-${width}.png`) });
      }
      if (SHOTS) {
        await page.goto('/');
        await page.getByRole('banner').waitFor();
      }
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `header-${width}.png`) });
      await page.context().close();
    }
  });
});
