import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectVisible, newPage, screenshotAtWidths, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.GUEST_SCREENSHOTS;

/** The API calls a page load fired that were refused (any 4xx), as "status METHOD path". */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.status() < 500) {
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    }
  });
  return refused;
}

// Issue 33: the shared read-only guest is asked nothing it may not read, and offered nothing it may not do.
describe('guest', () => {
  const env = useStack();

  it('loads home, qualifications, account and library without a refused call, and offers no account action', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    const refused = refusedCalls(page);
    await signInThroughForm(page, DEMO.guest.email, DEMO.guest.password);
    await expectVisible(page.getByRole('heading', { level: 1 }).first());
    for (const [path, heading] of [
      ['/home', null],
      ['/qualifications', 'My qualifications'],
      ['/account', 'Account'],
      ['/library', null],
    ] as const) {
      await page.goto(path);
      if (heading) await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      await page.waitForLoadState('networkidle');
      expect(refused, `refused calls on loading ${path}`).toEqual([]);
      await screenshotAtWidths(page, SCREENSHOTS, `guest${path.replace('/', '-')}`, WIDTHS.desktop);
      if (path === '/account') {
        for (const action of ['Change password', 'Delete account', 'Edit profile', 'Kiosk PIN', 'Change plan', 'Billing details']) {
          expect(
            await page
              .getByRole('link', { name: action })
              .or(page.getByRole('button', { name: action }))
              .count(),
            action,
          ).toBe(0);
        }
        await expectVisible(page.getByText('The guest account is read-only'));
      }
      // The profile menu offers no account action either.
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await expectVisible(page.getByRole('menu').getByRole('menuitem').first());
      for (const action of ['Change password', 'Delete account', 'User Account']) {
        expect(await page.getByRole('menuitem', { name: action }).count(), `${path}: ${action}`).toBe(0);
      }
      await page.keyboard.press('Escape');
    }
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
