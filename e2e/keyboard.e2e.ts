import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectPath, expectToast, expectVisible, newPage, useStack, WIDTHS } from './harness.ts';

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks a page; fails past `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never took focus after ${limit} presses of Tab`);
}

const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
const videoPaused = (page: Page) => page.evaluate(() => document.querySelector('video')?.paused ?? true);

/** Signs in with the keyboard alone: Tab to each field, type, Enter. */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByLabel(/^Email/));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^Password/));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

// Issue 13: sign-in, playing a video, liking, My List and saving a learning path with the keyboard alone.
describe('keyboard-only journeys', () => {
  const env = useStack();

  it('signs in, opens a video from the path, likes it, keeps it in My List and plays, pauses and seeks it', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);

    await signInByKeyboard(page, DEMO.member.email, DEMO.member.password);
    // The demo member's first sign-in: the profile page first, saved with the keyboard.
    await expectPath(page, '/firstLogin', 20_000);
    const update = page.getByRole('button', { name: 'Update Info' });
    await tabTo(page, update);
    await page.keyboard.press('Enter');
    await expectPath(page, '/home', 10_000);

    // A locked step's lock takes focus and its tooltip says why; the first step's name, always open, leads to its category.
    const steps = page.getByTestId('category-card');
    const lock = steps.getByRole('button', { name: /locked/ }).first();
    await tabTo(page, lock);
    await expectVisible(page.getByRole('tooltip').filter({ hasText: 'Category not available yet.' }));
    const start = steps.first().getByRole('link').first();
    await tabTo(page, start, { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/category/'));

    // The first video card opens its panel.
    const card = page
      .getByRole('list', { name: / videos$/ })
      .first()
      .getByRole('button')
      .first();
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expectVisible(panel);

    const like = panel.getByRole('button', { name: 'Like', exact: true });
    await tabTo(page, like);
    await page.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    const myList = panel.getByRole('button', { name: 'My List', exact: true });
    await tabTo(page, myList, { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => myList.getAttribute('aria-pressed')).toBe('true');

    const play = panel.getByRole('button', { name: 'Play', exact: true });
    await tabTo(page, play, { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/video/'));

    // The player has focus: its time advances, k pauses, the right arrow seeks 5 s, space plays again.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('mm-player'))).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => videoPaused(page)).toBe(true);
    const pausedAt = await videoTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => videoTime(page)).toBeGreaterThan(pausedAt + 4);
    await page.keyboard.press('Space');
    await expect.poll(() => videoPaused(page)).toBe(false);

    // The visible controls by Tab: Pause, then the timeline moved with arrows; the shown time follows.
    const pause = page.getByRole('button', { name: 'Pause', exact: true });
    await tabTo(page, pause);
    await page.keyboard.press('Enter');
    await expect.poll(() => videoPaused(page)).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Play', exact: true }));
    const seek = page.getByRole('slider', { name: 'Seek' });
    await tabTo(page, seek, { backwards: true });
    await page.keyboard.press('Home');
    await expect.poll(() => videoTime(page)).toBeLessThan(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => videoTime(page)).toBeGreaterThan(4);
    // The shown time follows the video's (mm:ss, to the second).
    const shownSeconds = async () => {
      const [minutes = 0, seconds = 0] = ((await page.getByTestId('player-time').textContent()) ?? '').split(' / ')[0]!.split(':').map(Number);
      return minutes * 60 + seconds;
    };
    await expect.poll(async () => Math.abs((await shownSeconds()) - Math.floor(await videoTime(page)))).toBeLessThanOrEqual(1);
    for (const name of [/^Mute$/, /^Quality /, /^Playback speed /, /^Fullscreen$/]) await expectVisible(page.getByRole('button', { name }));

    // The like and My List were recorded.
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const videoId = Number(new URL(page.url()).pathname.split('/').pop());
    const detail = await stack.api('POST', '/api/videos/view', { token, json: { admin_video_id: videoId } });
    expect(detail.body.data.user_vote).toBe(1);
    expect(detail.body.data.wishlist_id).not.toBeNull();
  });

  it('saves a reordered learning path as the super user, the drag done with Space and the arrow keys', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInByKeyboard(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/firstLogin', { timeout: 20_000 });

    await page.goto('/manage-organization/learning-path-creator');
    const rows = page.getByTestId('path-item');
    await expectVisible(rows.nth(1));
    const second = (await rows.nth(1).getAttribute('data-category-id')) ?? '';
    const handle = rows.nth(1).getByRole('button', { name: /^Move / });
    await tabTo(page, handle, { limit: 200 });
    const first = (await rows.first().getAttribute('data-category-id')) ?? '';
    // Each key waits for the drag to answer, as dnd-kit's announcements tell a screen reader user.
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate((id) => document.body.textContent?.includes(`over droppable area ${id}.`), first)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => rows.first().getAttribute('data-category-id')).toBe(second);

    await tabTo(page, page.getByRole('button', { name: 'Save your selection' }), { limit: 200 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await expectVisible(confirm.getByText('Are you sure you want to save this learning Path?'));
    await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }), { limit: 10 });
    await page.keyboard.press('Enter');
    await expectToast(page, 'Great! Organization Categories sorted successfully!');

    const token = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const organizationId = (await stack.api('GET', '/api/profile', { token })).body.data.organization_id as number;
    const path = await stack.api('GET', `/api/get_all_organization_categories_learning_path/${organizationId}`, { token });
    expect(String(path.body.data.data[0].id)).toBe(second);
  });
});
