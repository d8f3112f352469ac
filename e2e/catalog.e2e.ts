import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectPath, expectVisible, newPage, pressPlayerControl, signInThroughForm, useStack, WIDTHS } from './harness.ts';

// Member spec, section 2 (/category/{id}, video detail panel, /video/{id}, video player) and section 4
// (access decision after Play, watching: 5-second ticks reported in minutes when the page is left).
describe('catalog and video playback', () => {
  const env = useStack();

  it('opens a category, plays a video from its panel over HLS, and records the watch time', async () => {
    const { stack, browser } = env;
    const login = await stack.api('POST', '/api/v4/login', { json: { email: DEMO.member.email, password: DEMO.member.password } });
    const token: string = login.body.data.token;
    const userId: number = login.body.data.user_id;

    // A video the member has not started (the demo member has months of history): the first such in catalog order.
    type Group = { sub_category_id: number; title: string; videos: Array<{ admin_video_id: number; title: string }> };
    const sections = await stack.api('POST', '/api/home_first_section', { token, json: {} });
    let found: { categoryId: number; group: Group; video: Group['videos'][number] } | undefined;
    for (const { category_id: categoryId } of sections.body.data as Array<{ category_id: number }>) {
      const listed = await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: categoryId } });
      // A category the member's path keeps locked answers 403: not a candidate.
      if (listed.status !== 200) continue;
      for (const group of listed.body.data as Group[])
        for (const candidate of group.videos) {
          const seen = await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: candidate.admin_video_id } });
          if (!found && seen.body.data.progress === 0) found = { categoryId, group, video: candidate };
        }
      if (found) break;
    }
    expect(found).toBeDefined();
    const { categoryId, group, video } = found!;
    const groups = await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: categoryId } });
    const detail = await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: video.admin_video_id } });
    const renditions = Object.keys(detail.body.data.main_resolutions as Record<string, string>)
      .filter((key) => key !== 'original')
      .map((key) => `${key.split('x')[1]}p`);
    expect(renditions.length).toBeGreaterThan(0);

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);

    await page.goto(`/category/${categoryId}`);
    for (const { title } of groups.body.data as Array<{ title: string }>) {
      await expectVisible(page.getByRole('heading', { level: 2, name: title, exact: true }));
    }
    const ring = page.getByRole('progressbar', { name: `${group.title} progress`, exact: true });
    const before = Number(await ring.getAttribute('aria-valuenow'));

    // The card opens the detail panel on Overview.
    await page
      .getByRole('list', { name: `${group.title} videos`, exact: true })
      .getByRole('button', { name: new RegExp(`^${video.title}`) })
      .click();
    const panel = page.getByRole('dialog', { name: video.title });
    await expectVisible(panel);
    expect(await panel.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await expectVisible(panel.getByRole('button', { name: 'Like', exact: true }));
    await expectVisible(panel.getByRole('button', { name: 'Dislike', exact: true }));

    // Play: the member's organization has a subscription, so the player opens and the stream loads.
    const manifest = page.waitForResponse((response) => response.url().endsWith('/master.m3u8'));
    await panel.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPath(page, `/video/${video.admin_video_id}`);
    expect((await manifest).status()).toBe(200);
    await expectVisible(page.getByRole('heading', { level: 1, name: video.title }));
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15_000 });

    // The quality menu lists this video's renditions, plus Auto; 720p is the default on a desktop.
    await pressPlayerControl(page.getByRole('button', { name: /^Quality / }));
    const items = async () => (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim()).sort();
    await expect.poll(items).toEqual([...renditions, 'Auto'].sort());
    if (renditions.includes('720p')) expect(await page.getByRole('menuitem', { name: '720p' }).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Escape');

    // One 5-second tick of playing, then leave: the time is reported in minutes.
    await page.waitForTimeout(5_600);
    await pressPlayerControl(page.getByRole('link', { name: 'Back', exact: true }));
    await expectPath(page, `/category/${categoryId}`);
    let progress = 0;
    for (let tries = 0; tries < 50 && progress < 5; tries++) {
      const answer = await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: video.admin_video_id } });
      progress = answer.body.data.progress;
      if (progress < 5) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(progress).toBeGreaterThanOrEqual(5);

    // Enough watch time (reported through the API rather than waited for) makes the video watched: the circle rises.
    const watch = await stack.api('POST', '/api/watch-user-video', { token, json: { user: userId, video: video.admin_video_id, timeSpent: 60 } });
    expect(watch.status).toBe(201);
    expect(watch.body.data.watched).toBe(1);
    const counted = await stack.api('GET', `/api/get_watch_user_video?SubCategoryId=${group.sub_category_id}`, { token });
    expect(counted.body.data.watched).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expectVisible(ring);
    await page.waitForFunction(
      ([name, old]) => Number(document.querySelector(`[role="progressbar"][aria-label="${name}"]`)?.getAttribute('aria-valuenow')) > old,
      [`${group.title} progress`, before] as const,
    );
  });
});
