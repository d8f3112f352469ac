import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectVisible, newPage, screenshotAtWidths, signInThroughForm, useStack, WIDTHS } from './harness.ts';

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
    const bar = page.getByRole('progressbar', { name: 'Preparing this lesson' });
    await expectVisible(bar);
    await screenshotAtWidths(page, SCREENSHOTS, 'preparing', WIDTHS.desktop);

    // Opening it put it first in line: it is prepared now, the bar moves, then the player takes over by itself.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 150_000 });
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await page.close();
  }, 240_000);
});
