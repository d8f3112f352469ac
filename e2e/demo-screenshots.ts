/**
 * Screenshots of the demo as a customer first sees it, at 1280, 768 and 425 px, for a person to look at:
 *
 *   node --import tsx e2e/demo-screenshots.ts http://localhost:3000 /tmp/shots
 *
 * Needs a running platform with the demo seeded (`npm start`) and Debian's Chromium at /usr/bin/chromium.
 * Landing, a category and the player as the guest would see them signed out; home, achievements, the
 * dashboard and /plans/me as the demo member and the demo super user.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const [baseUrl = 'http://localhost:3000', outDir = '/tmp/demo-screenshots'] = process.argv.slice(2);
const WIDTHS = [1280, 768, 425];
const MEMBER = { email: 'member@acme.example', password: 'Acme-Operator-2026' };
const SUPER_USER = { email: 'admin@acme.example', password: 'Acme-Supervisor-2026' };

async function signedIn(browser: Browser, width: number, who: { email: string; password: string } | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  if (!who) return page;
  await page.goto('/login');
  await page.getByLabel(/^\s*Email\s*\*?\s*$/).fill(who.email);
  await page.getByLabel(/^\s*Password\s*\*?\s*$/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  return page;
}

/** The first category of the demo member's path and the video they last watched there, from the API. */
async function firstPathCategory(): Promise<{ category_id: number; last_video_id: number | null } | undefined> {
  const post = (route: string, body: unknown, token?: string) =>
    fetch(new URL(route, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const login = await post('/api/v4/login', MEMBER);
  const home = await post('/api/learning_path_home', {}, login.data.token);
  return home.data.categories[0];
}

/** Opens the page, lets its data and images arrive, and saves a full-page picture. */
async function shoot(page: Page, route: string, name: string, width: number): Promise<void> {
  try {
    await capture(page, route, path.join(outDir, `${name}-${width}.png`));
  } catch (error) {
    failures.push(`${name}-${width}: ${(error as Error).message.split('\n')[0]}`);
  }
}

const failures: string[] = [];

async function capture(page: Page, route: string, file: string): Promise<void> {
  await page.goto(route);
  // Streams keep the network busy: wait for the page's heading, then for its loaders to go.
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page
    .waitForFunction(() => document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]').length === 0, undefined, { timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: file, fullPage: true });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // One sign-in per person (sign-ins are rate limited per address), the window resized for each width.
    const visitor = await signedIn(browser, WIDTHS[0] as number, null);
    const member = await signedIn(browser, WIDTHS[0] as number, MEMBER);
    const superUser = await signedIn(browser, WIDTHS[0] as number, SUPER_USER);
    const category = await firstPathCategory();
    for (const width of WIDTHS) {
      for (const page of [visitor, member, superUser]) await page.setViewportSize({ width, height: 900 });
      await shoot(visitor, '/', 'landing', width);
      await shoot(member, '/home', 'member-home', width);
      await shoot(member, '/achievements', 'member-achievements', width);
      if (category) {
        await shoot(member, `/category/${category.category_id}`, 'member-category', width);
        if (category.last_video_id) await shoot(member, `/video/${category.last_video_id}`, 'member-player', width);
      }
      await shoot(superUser, '/home', 'super-user-home', width);
      await shoot(superUser, '/dashboard', 'super-user-dashboard', width);
      await shoot(superUser, '/plans/me', 'super-user-plans-me', width);
    }
  } finally {
    await browser.close();
  }
  console.log(`Screenshots in ${outDir}`);
  if (failures.length > 0) {
    console.error(`Not taken:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
