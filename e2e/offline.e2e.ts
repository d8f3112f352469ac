import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO, expectHidden, expectVisible, type Stack, screenshotAtWidths, signInOfflineCapable, toast, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.OFFLINE_SCREENSHOTS;

/** A clip of the first sub-category the member has not finished, in path order (an open category). */
async function unfinishedClip(stack: Stack, token: string) {
  const sections: { category_id: number }[] = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
  for (const section of sections) {
    // A locked category answers an error: no groups.
    const groups = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: section.category_id } })).body.data ?? [];
    const group = groups.find((g: { watched_count: number; videos_count: number }) => g.watched_count < g.videos_count);
    if (group) {
      const video: { admin_video_id: number; title: string } = group.videos.find((v: { watched?: number }) => !v.watched) ?? group.videos[0];
      return { categoryId: section.category_id, group: group.title as string, video };
    }
  }
  throw new Error('the member has finished every sub-category of the demo');
}

// Issue 17: a tablet behind the racks. The member saves a video, loses the network, the app still opens and the
// video plays; the watch report waits and is delivered once when the network returns.
describe('offline', () => {
  const env = useStack();

  it('opens offline, plays a saved video, and delivers the watch time and the like made offline once the network returns', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const found = await unfinishedClip(stack, token);
    const progress = async () =>
      (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: found.video.admin_video_id } })).body.data.progress as number;
    const before = await progress();

    const page = await signInOfflineCapable(browser, stack, DEMO.member.email, DEMO.member.password);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Hello, Bruno/ }));
    // Chromium's own installability check (what Lighthouse's PWA audit asked): manifest, icons, service worker.
    const cdp = await page.context().newCDPSession(page);
    // (A test's browser context is an incognito one, which Chromium never installs from: that one reason aside.)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();

    // Save the clip on the device from its panel.
    await page.goto(`/category/${found.categoryId}`);
    await page
      .getByRole('list', { name: `${found.group} videos`, exact: true })
      .getByRole('button', { name: new RegExp(`^${found.video.title}`) })
      .click();
    const panel = page.getByRole('dialog', { name: found.video.title });
    await panel.getByRole('button', { name: 'Save for offline' }).click();
    await expectVisible(toast(page, 'Saved on this device: it plays without a network.'), 30_000);
    expect(await panel.getByRole('button', { name: 'Saved for offline' }).getAttribute('aria-pressed')).toBe('true');

    // The network goes away: the app still opens, says so, and the saved clip plays.
    await page.context().setOffline(true);
    await page.goto('/home');
    await expectVisible(page.getByRole('heading', { level: 1, name: /Hello, Bruno/ }));
    await expectVisible(page.getByTestId('offline-banner').getByText('You are offline.', { exact: false }));
    if (SCREENSHOTS) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/offline-home-425.png`, fullPage: true });
    }
    await page.goto(`/video/${found.video.admin_video_id}`);
    // It resumes where Bruno stopped; watch time counts in 5-second ticks: play for more than two.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 });
    const start = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
    await page.waitForFunction((from) => (document.querySelector('video')?.currentTime ?? 0) > from + 11, start, { timeout: 30_000 });
    // Pausing and leaving the player report the time watched: without a network the reports wait on the device.
    // (The controls hide while playing: a touch brings them back.)
    await page.mouse.move(200, 300);
    await page.mouse.move(210, 320);
    await page.getByRole('link', { name: 'Back' }).click();
    await expectVisible(
      page.getByTestId('offline-banner').getByText(/changes? \(watch time, likes, My List, check answers\) will be sent when the network returns/),
    );
    expect(await progress()).toBe(before);
    // A like pressed offline waits too, shown as made.
    const likesBefore = (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: found.video.admin_video_id } })).body.data;
    await page
      .getByRole('list', { name: `${found.group} videos`, exact: true })
      .getByRole('button', { name: new RegExp(`^${found.video.title}`) })
      .click();
    const offlinePanel = page.getByRole('dialog', { name: found.video.title });
    await offlinePanel.getByRole('button', { name: 'Like', exact: true }).click();
    await expectVisible(toast(page, 'Saved on this device: it is sent when the network returns.'));
    expect(await offlinePanel.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed')).toBe(
      likesBefore.user_vote === 1 ? 'false' : 'true',
    );
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/offline-queued-425.png`, fullPage: true });

    // The network returns: the report is delivered, once.
    await page.context().setOffline(false);
    await expectHidden(page.getByTestId('offline-banner'), 15_000);
    await expect.poll(progress, { timeout: 10_000 }).toBeGreaterThan(before);
    const after = await progress();
    const liked = (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: found.video.admin_video_id } })).body.data;
    expect(liked.user_vote).toBe(likesBefore.user_vote === 1 ? 0 : 1);
    expect(liked.likes).toBe(likesBefore.likes + (likesBefore.user_vote === 1 ? -1 : 1));
    // Another reconnection replays nothing more.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.waitForTimeout(1000);
    expect(await progress()).toBe(after);
    expect((await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: found.video.admin_video_id } })).body.data.likes).toBe(liked.likes);
  });

  // Issue 33: the spec's reads are POSTs whose body names the category or video; offline, each must answer its own
  // saved copy (a copy keyed without the body showed one category's content on another, and a like pressed on one
  // video was recorded on another).
  it('keeps each category and video read apart offline, and a like queued offline lands on its own video', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const sections: { category_id: number }[] = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
    type Video = { admin_video_id: number; title: string };
    type Group = { title: string; videos: Video[] };
    const categories: { id: number; name: string; groups: Group[] }[] = [];
    for (const section of sections) {
      // A locked category answers an error: no groups (its page still shows its name).
      const groups: Group[] = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: section.category_id } })).body.data ?? [];
      const name: string | undefined = (
        await stack.api('POST', '/api/get_category_id', { token, json: { page_type: 'CATEGORY', category_id: section.category_id } })
      ).body.data?.[0]?.name;
      if (name) categories.push({ id: section.category_id, name, groups });
    }
    const a = categories.find((c) => c.groups.some((g) => g.videos.length >= 2));
    const b = categories.find((c) => c !== a);
    if (!a || !b) throw new Error('the demo member needs two categories, one open');
    const group = a.groups.find((g) => g.videos.length >= 2) as Group;
    const [videoA, videoB] = group.videos as [Video, Video];
    const view = async (id: number) => (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: id } })).body.data;
    const [beforeA, beforeB] = [await view(videoA.admin_video_id), await view(videoB.admin_video_id)];

    const page = await signInOfflineCapable(browser, stack, DEMO.member.email, DEMO.member.password);
    const videoList = page.getByRole('list', { name: `${group.title} videos`, exact: true });
    const openPanel = async (video: Video) => {
      await videoList.getByRole('button', { name: new RegExp(`^${video.title}`) }).click();
      await expectVisible(page.getByRole('dialog', { name: video.title }).getByRole('button', { name: 'Like', exact: true }));
    };
    // Both categories and both videos' panels opened online (B's category first, A's last; video A then B: a copy
    // shared by every body would hold A's category and B's video).
    await page.goto(`/category/${b.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: b.name }));
    await page.goto(`/category/${a.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: a.name }));
    await openPanel(videoA);
    await page.keyboard.press('Escape');
    await openPanel(videoB);

    await page.context().setOffline(true);
    for (const [shown, other] of [
      [b, a],
      [a, b],
    ] as const) {
      await page.goto(`/category/${shown.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: shown.name }));
      expect(await page.getByRole('heading', { level: 1, name: other.name }).count()).toBe(0);
    }
    for (const video of [videoA, videoB]) {
      // The player's page stays on its own video (a wrong copy sent /video/A to B's address).
      await page.goto(`/video/${video.admin_video_id}`);
      await expectVisible(page.getByRole('link', { name: 'Back' }));
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(`/video/${video.admin_video_id}`);
      await expectVisible(page.getByText(video.title, { exact: true }).first());
    }
    // A like on A, pressed offline from A's panel.
    await page.goto(`/category/${a.id}`);
    await openPanel(videoA);
    await page.getByRole('dialog', { name: videoA.title }).getByRole('button', { name: 'Like', exact: true }).click();
    await expectVisible(toast(page, 'Saved on this device: it is sent when the network returns.'));

    await page.context().setOffline(false);
    await expectHidden(page.getByTestId('offline-banner'), 15_000);
    const liked = beforeA.user_vote === 1 ? 0 : 1;
    await expect.poll(async () => (await view(videoA.admin_video_id)).user_vote, { timeout: 10_000 }).toBe(liked);
    expect((await view(videoA.admin_video_id)).likes).toBe(beforeA.likes + (liked ? 1 : -1));
    const afterB = await view(videoB.admin_video_id);
    expect([afterB.likes, afterB.user_vote]).toEqual([beforeB.likes, beforeB.user_vote]);
  });

  // A like whose request got no answer while the browser still said it was online (Wi-Fi that drops without the
  // browser noticing) waits in the queue; no 'online' event will come, so the queue tries again by itself (the kiosk
  // journey failed in CI when a replay ran a moment before the network was really back, and nothing tried again).
  it('tries a queued write again by itself while the server does not answer, without waiting for an online event', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const found = await unfinishedClip(stack, token);
    const vote = async () => (await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: found.video.admin_video_id } })).body.data;
    const before = await vote();

    const page = await signInOfflineCapable(browser, stack, DEMO.member.email, DEMO.member.password);
    await page.goto(`/category/${found.categoryId}`);
    await page
      .getByRole('list', { name: `${found.group} videos`, exact: true })
      .getByRole('button', { name: new RegExp(`^${found.video.title}`) })
      .click();
    const like = page.getByRole('dialog', { name: found.video.title }).getByRole('button', { name: 'Like', exact: true });
    await expectVisible(like);
    await page.route('**/api/videos/like', (route) => route.abort('internetdisconnected'));
    await like.click();
    await expectVisible(toast(page, 'Saved on this device: it is sent when the network returns.'));
    await page.unroute('**/api/videos/like');
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(async () => (await vote()).user_vote, { timeout: 15_000 }).toBe(before.user_vote === 1 ? 0 : 1);
    expect((await vote()).likes).toBe(before.likes + (before.user_vote === 1 ? -1 : 1));
  });

  // Issue 33: a saved video keeps its captions (the transcript reads offline); a station label opened offline says
  // when its verdict was saved, and never shows one older than the qualifications list the device kept.
  it("keeps a saved video's captions, dates offline screens, and never shows a station verdict older than the list beside it", async () => {
    const { stack, browser } = env;
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    const bruno = (await stack.api('GET', '/api/profile', { token })).body.data;
    const stations: { id: number; name: string; checklist: string[] }[] = (
      await stack.api('GET', `/api/organization/${organizationId}/stations`, { token: bossToken })
    ).body.data.stations;
    const press = stations.find((s) => s.name === 'Press 4');
    if (!press) throw new Error('The demo plant has Press 4');
    const sections: { category_id: number }[] = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
    const category = sections[0]?.category_id as number;
    const group = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: category } })).body.data[0];
    const [clip, other] = group.videos as { admin_video_id: number; title: string }[];
    if (!clip || !other) throw new Error('the first sub-category needs two clips');
    expect((await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: clip.admin_video_id } })).body.data.captions.length).toBeGreaterThan(
      0,
    );

    const page = await signInOfflineCapable(browser, stack, DEMO.member.email, DEMO.member.password);

    // The clip is saved for offline use; the other one is only opened.
    await page.goto(`/category/${category}`);
    const list = page.getByRole('list', { name: `${group.title} videos`, exact: true });
    await list.getByRole('button', { name: new RegExp(`^${other.title}`) }).click();
    await expectVisible(page.getByRole('dialog', { name: other.title }).getByRole('button', { name: 'Save for offline' }));
    await page.keyboard.press('Escape');
    await list.getByRole('button', { name: new RegExp(`^${clip.title}`) }).click();
    await page.getByRole('dialog', { name: clip.title }).getByRole('button', { name: 'Save for offline' }).click();
    await expectVisible(toast(page, 'Saved on this device: it plays without a network.'), 30_000);

    // Press 4 opened while Bruno awaits his sign-off; then he is signed off and opens his qualifications.
    await page.goto(`/station/${press.id}`);
    await expectVisible(page.getByTestId('station-verdict').getByText('Training needed'));
    const signed = await stack.api('POST', `/api/organization/${organizationId}/signoffs`, {
      token: bossToken,
      json: { station_id: press.id, user_id: bruno.user_id, checklist: press.checklist.map((item) => ({ item, checked: true })) },
    });
    expect(signed.status).toBe(201);
    await page.goto('/qualifications');
    const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Press 4' }) });
    await expectVisible(card.getByText('Qualified', { exact: true }));

    await page.context().setOffline(true);
    // The saved clip's transcript reads from the device.
    await page.goto(`/video/${clip.admin_video_id}`);
    await page.getByRole('button', { name: 'Transcript' }).focus();
    await page.getByRole('button', { name: 'Transcript' }).press('Enter');
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expectVisible(transcript.getByRole('listitem').first(), 15_000);
    // The other clip's transcript is not on the device: said in words, not "Failed to fetch".
    await page.goto(`/video/${other.admin_video_id}`);
    await page.getByRole('button', { name: 'Transcript' }).focus();
    await page.getByRole('button', { name: 'Transcript' }).press('Enter');
    await expectVisible(page.getByText('You are offline: the transcript is kept only for videos saved for offline use.'), 15_000);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);

    // Offline screens say when their data was saved.
    await page.goto('/qualifications');
    await expectVisible(card.getByText('Qualified', { exact: true }));
    await expectVisible(page.getByTestId('offline-banner').getByText(/This screen was saved \d\d\/\d\d\/\d{4} \d\d:\d\d\./));
    // The station's saved verdict is older than the list: not shown as current, the newer state is.
    await page.goto(`/station/${press.id}`);
    const verdict = page.getByTestId('station-verdict');
    await expectVisible(verdict.getByText('Out of date'));
    await expectVisible(verdict.getByText(/This check was saved .*, offline\. Your qualifications, saved after it .*, say: Qualified\./));
    expect(await page.getByText('Training needed').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask for sign-off' }).count()).toBe(0);
    await expectVisible(page.getByTestId('offline-banner').getByText(/This screen was saved/));
    await screenshotAtWidths(page, SCREENSHOTS, 'offline-station', WIDTHS.mobile);
  });

  it('keeps the offline shell (the page, its scripts and styles) under 250 KB gzipped', () => {
    const dist = path.join(import.meta.dirname, '..', 'web', 'dist');
    const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const gzipped = [page, ...files.map((file) => fs.readFileSync(path.join(dist, file)))].reduce(
      (sum, content) => sum + zlib.gzipSync(content, { level: 9 }).length,
      0,
    );
    expect(gzipped).toBeLessThan(250 * 1024);
  });
});
