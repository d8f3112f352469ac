import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectHidden, expectVisible, newPage, signInThroughForm, toast, useStack, WIDTHS, wholeText } from './harness.ts';

// Member spec: header and menus (section 2), roles (section 6), toast area (section 2 and 9).
type Who = { label: string; email: string; password: string; superUser: boolean; guest: boolean };
const PEOPLE: Who[] = [
  { label: 'super user', ...DEMO.superUser, superUser: true, guest: false },
  { label: 'member', ...DEMO.member, superUser: false, guest: false },
  { label: 'guest', ...DEMO.guest, superUser: false, guest: true },
];

describe('menus by role', () => {
  const env = useStack();

  /** Names of the entries of an open Mantine menu. */
  async function menuEntries(page: Page): Promise<string[]> {
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    return (await items.allInnerTexts()).map((t) => t.trim());
  }

  async function openMenu(page: Page, name: string): Promise<string[]> {
    await page.getByRole('button', { name }).click();
    const entries = await menuEntries(page);
    await page.keyboard.press('Escape');
    await expectHidden(page.getByRole('menuitem').first());
    return entries;
  }

  for (const who of PEOPLE) {
    it(`shows the ${who.label} the header, profile menu and quick menu of the role`, async () => {
      const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
      await signInThroughForm(page, who.email, who.password);
      await dismissToasts(page);

      const header = page.getByRole('banner');
      await expectVisible(header.getByRole('link', { name: wholeText('Home') }));
      await expectVisible(header.getByRole('link', { name: wholeText('Help') }));
      const count = (name: string) => header.getByRole('link', { name: wholeText(name) }).count();
      expect(await count('Dashboard')).toBe(who.superUser ? 1 : 0);
      expect(await count('Library')).toBe(who.superUser ? 1 : 0);
      expect(await count('Request Topic')).toBe(who.guest ? 1 : 0);

      const profile = await openMenu(page, 'Profile menu');
      expect(profile.includes('Manage')).toBe(who.superUser);
      expect(profile.includes('User Account')).toBe(!who.guest);
      expect(profile).toContain('Certificates');
      expect(profile).toContain('Sign out');

      const quick = await openMenu(page, 'Quick menu');
      for (const entry of ['All Certificates', 'Update User Info', 'Experts', 'Home']) expect(quick).toContain(entry);
      expect(quick.includes('Dashboard')).toBe(who.superUser);
    });
  }

  it('lists Experts in the navigation drawer at 425px', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expectVisible(drawer);
    await expectVisible(drawer.getByRole('link', { name: wholeText('Experts') }));
    await expectVisible(drawer.getByRole('link', { name: wholeText('Home') }));
  });

  it('shows toasts at the top right and closes them after about 5 seconds', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    const login = toast(page, 'Log-in successful!');
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await expectVisible(login);
    const shownAt = Date.now();
    // Keep the pointer away so hovering does not hold the toast open.
    await page.mouse.move(5, 890);

    const box = await login.boundingBox();
    expect(box).not.toBeNull();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 80);
    expect(box!.x).toBeGreaterThan(viewport.width / 2);
    expect(box!.y).toBeLessThan(150);

    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - shownAt)));
    expect(await login.isVisible()).toBe(true);
    await expectHidden(login, Math.max(0, 7000 - (Date.now() - shownAt)));
  });
});
