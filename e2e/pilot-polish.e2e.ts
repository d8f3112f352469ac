import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectVisible, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.POLISH_SCREENSHOTS;

type Overlap = { scroll: string; control: string };

/**
 * Every visible button and link the quick menu's button overlaps, with the page scrolled to its top and to its end,
 * and every "Watch" button whose centre is not its own (elementFromPoint).
 */
function coveredControls(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    const found: { scroll: string; control: string }[] = [];
    const quick = document.querySelector('[aria-label="Quick menu"]');
    const name = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
    for (const scroll of ['top', 'end']) {
      window.scrollTo(0, scroll === 'top' ? 0 : document.documentElement.scrollHeight);
      const q = quick?.getBoundingClientRect();
      for (const el of document.querySelectorAll('button, a[href], [role="button"]')) {
        if (el === quick || quick?.contains(el) || el.contains(quick)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
        if (q && q.left < r.right && r.left < q.right && q.top < r.bottom && r.top < q.bottom) found.push({ scroll, control: name(el) });
        if (/^Watch\b/.test(name(el))) {
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !el.contains(hit)) found.push({ scroll, control: `${name(el)} (its centre is ${hit?.tagName ?? 'nothing'})` });
        }
      }
    }
    return found;
  });
}

describe('what sits over what, the landing hero and the certificates', () => {
  const env = useStack();

  it('at 425 px the quick menu covers no button, not even the last "Watch" of a station', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.mobile);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const home = (await stack.api('POST', '/api/learning_path_home', { token, json: {} })).body.data;
    const category = home.categories.find((c: { available: boolean }) => c.available);
    // Press 4's page lists three clips to watch: a little taller than a phone's screen.
    const pages = ['/home', `/category/${category.category_id}`, '/qualifications', '/station/1'];
    for (const path of pages) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1 }).first());
      await page.waitForTimeout(1500);
      if (path === '/station/1') expect(await page.getByLabel(/^Watch /).count()).toBeGreaterThan(0);
      expect(await coveredControls(page), path).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/quick-menu${path.replaceAll('/', '-')}-425.png` });
    }
    // The menu is still there, at the end of the page, and opens.
    await page.getByRole('button', { name: 'Quick menu' }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'All Certificates' }));
  });

  it('shows the designed still behind the headline, then the montage, at 425, 768 and 1280 px', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const still = page.locator('.mm-landing-still');
      await expectVisible(still);
      await page.waitForFunction(() => (document.querySelector('.mm-landing-still') as HTMLImageElement | null)?.naturalWidth === 960);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/landing-still-${width}.png` });
      await page.getByTestId('landing-video-toggle').first().click();
      await page.waitForFunction(() => ((document.querySelector('.mm-landing-banner video') as HTMLVideoElement | null)?.currentTime ?? 0) > 4, undefined, {
        timeout: 20_000,
      });
      await expectVisible(page.getByTestId('landing-banner-title'));
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/landing-playing-${width}.png` });
    }
  });

  it('frames certificates with their whole picture at every width, and the verify page reads well', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/achievements');
      await expectVisible(page.getByTestId('obtained-certificate').first());
      // The pictures load lazily: all of them now, to measure each.
      await page.evaluate(() => {
        for (const img of document.querySelectorAll<HTMLImageElement>('.mm-certificate__picture')) img.loading = 'eager';
      });
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.mm-certificate__picture')].every((img) => img.complete && img.naturalWidth > 0),
      );
      const pictures = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('.mm-certificate__picture')].map((img) => {
          const box = img.getBoundingClientRect();
          const frame = (img.closest('.mm-certificate') as HTMLElement).getBoundingClientRect();
          return {
            natural: img.naturalWidth / img.naturalHeight,
            shown: box.width / box.height,
            fit: getComputedStyle(img).objectFit,
            inside: box.left >= frame.left && box.right <= frame.right,
          };
        }),
      );
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) {
        // Whole: shown at its own aspect ratio (or contained), inside the frame.
        expect(picture.fit === 'contain' || Math.abs(picture.shown - picture.natural) < 0.03).toBe(true);
        expect(Math.abs(picture.shown - picture.natural)).toBeLessThan(0.03);
        expect(picture.inside).toBe(true);
      }
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/achievements-${width}.png` });
    }

    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const profile = (await stack.api('GET', '/api/profile', { token })).body.data;
    const certs = (await stack.api('GET', `/api/get_all_user_certifications/${profile.user_id}`, { token })).body.data.certifications;
    const visitor = await newPage(browser, stack, WIDTHS.mobile);
    await visitor.goto(`/verify/${certs[0].verification_code}`);
    await expectVisible(visitor.getByTestId('verification-status').getByText('Valid certificate'));
    await visitor.evaluate(fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await visitor.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string }[] }> };
      };
      return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    });
    expect(violations.map((v) => v.id)).toEqual([]);
    if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/verify-425.png`, fullPage: true });
  });
});
