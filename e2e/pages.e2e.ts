import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectVisible, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';
import { visitRoute } from './routes.ts';

// Issue 33, what a plant manager saw in a pilot: pages off the header's grid, two initials for one person.
describe('the pages and the header', () => {
  const env = useStack();

  it('starts every wide page at the left edge of the header grid at 1280 px', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await dismissToasts(page);
    const left = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().x));
    const header = await left('header .mantine-Container-root');
    for (const route of ['/home', '/dashboard', '/category/1', '/search?q=lean', '/achievements', '/view-all/New%20Releases', '/qualifications', '/library']) {
      await visitRoute(page, route);
      // Polled: a page still loading on a busy machine (home's countdown, a skeleton) lays out what it shows meanwhile.
      await expect.poll(async () => ({ route, left: await left('main .mantine-Container-root') }), { timeout: 15_000 }).toEqual({ route, left: header });
    }
  });

  it('shows the same initials in the header and on the profile', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);
    await page.goto('/firstLogin');
    const profileAvatar = page.locator('main .mantine-Avatar-root').first();
    await expectVisible(profileAvatar);
    const headerAvatar = page.getByRole('button', { name: 'Profile menu' }).locator('.mantine-Avatar-root');
    // Bruno Costa: "BC" on both (the header used to take "BR" from the first name alone).
    await expect.poll(() => headerAvatar.textContent()).toBe('BC');
    expect(await profileAvatar.textContent()).toBe('BC');
  });
});
