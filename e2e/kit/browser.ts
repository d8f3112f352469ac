import fs from 'node:fs';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import type { Stack } from './stack.ts';

// Chromium at the three widths, and what a person sees: toasts, fields, paths, screenshots.

export const WIDTHS = { desktop: 1280, tablet: 768, mobile: 425 } as const;

/** Debian's Chromium (never a downloaded one), with the flags it needs as root on this machine's closed network. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export function openBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** A page in a fresh context (own storage) at the given width, with relative URLs resolved against the stack. */
/**
 * A fresh browser context on the stack. The app's service worker (offline use) is blocked unless `offline` asks for
 * it: requests it answers would escape `page.route`, and only the offline journey is about it.
 */
export async function newPage(browser: Browser, stack: Stack, width: number = WIDTHS.desktop, { offline = false }: { offline?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height: 900 }, serviceWorkers: offline ? 'allow' : 'block' });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context.newPage();
}

// ---------------------------------------------------------------------------
// What a person sees

/** A Mantine notification (role "alert") holding the text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/**
 * Full-page screenshots at 425, 768 and 1280 px (`<folder>/<name>-<width>.png`), then the page back at `restoreWidth`
 * when given. Nothing without a folder (the journeys take them when their *_SCREENSHOTS variable names one).
 */
export async function screenshotAtWidths(page: Page, folder: string | undefined, name: string, restoreWidth?: number): Promise<void> {
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (restoreWidth !== undefined) await page.setViewportSize({ width: restoreWidth, height: 900 });
}

/**
 * Presses a control of the playing video's player. The player hides its controls after 3 idle seconds and a tap then
 * only wakes them, so on a slow machine a click can land on the video; the keyboard reaches the control either way.
 */
export async function pressPlayerControl(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

/**
 * Starts the /our-lessons player (muted: Chromium plays sound only after a gesture) and waits until it has played past
 * half a second: the signed playlist, its segments and the grant behind them all answered.
 */
export async function playOwnLesson(page: Page): Promise<void> {
  const video = page.getByTestId('our-lesson-player').locator('video');
  await expectVisible(video);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    // The player may attach its stream a moment after the element shows, which aborts a play() already asked for:
    // ask again once the new source can play.
    for (let attempt = 0; ; attempt++) {
      try {
        return await element.play();
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError') || attempt === 3) throw error;
        await new Promise((resolve) => element.addEventListener('canplay', resolve, { once: true }));
      }
    }
  });
  await page.waitForFunction(
    () => ((document.querySelector('[data-testid="our-lesson-player"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5,
    undefined,
    { timeout: 15_000 },
  );
}

export async function expectVisible(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

export async function expectToast(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  await expectVisible(toast(page, text), timeout);
}

/** Waits until the path (without query) is `pathname`. */
export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch (error) {
    throw new Error(`Expected the path ${pathname}, the page is at ${page.url()}`, { cause: error });
  }
}

/**
 * Signs in through the sign-in form, waits for /home and, on an account's first sign-in, for home to have noted it.
 * Home notes a first sign-in with the server and then moves on to /firstLogin; a journey that opened another page
 * before that answer came back started the first-login flow again there (CI measured the profile page for /home).
 */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/home');
  await page.waitForFunction(() => {
    const session = JSON.parse(localStorage.getItem('mm.session') ?? '{}');
    return session.logged_in_account !== 1 || session.isGuestUser === true;
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The whole text, ignoring case of nothing: `^text$`, allowing a required-field asterisk after it. */
export const wholeText = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`);

/** A form control by its visible label (exactly that label; Mantine's required asterisk tolerated). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(wholeText(label));
}

/** Types a PIN on the kiosk's PIN pad (the open dialog), digit by digit as a person taps, then OK. */
export async function typePin(page: Page, pin: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const digit of pin) await dialog.getByRole('button', { name: `Digit ${digit}` }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

/**
 * Closes every toast with its close button, as a person would. The toast area sits over the
 * top-right of the header (where the profile menu is), so menus are reachable only once it is clear.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const alerts = page.getByRole('alert');
  for (let round = 0; round < 5 && (await alerts.count()) > 0; round++) {
    for (const close of await alerts.getByRole('button').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
    await alerts
      .first()
      .waitFor({ state: 'detached', timeout: 1500 })
      .catch(() => undefined);
  }
}

/**
 * A page that works offline, signed in: a context with service workers allowed (its network can be cut with
 * `page.context().setOffline`), the sign-in form, then a reload once the worker is ready, since it installs on the
 * first visit and controls the page only from the next load; the sign-in's toasts are cleared.
 */
export async function signInOfflineCapable(browser: Browser, stack: Stack, email: string, password: string, width: number = WIDTHS.mobile): Promise<Page> {
  const page = await newPage(browser, stack, width, { offline: true });
  await signInThroughForm(page, email, password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await dismissToasts(page);
  return page;
}

/**
 * On the kiosks page (`/manage-organization/kiosks`, a super user signed in): enrols this browser as the team's kiosk
 * under `name` and waits for the team's screen (the super user is signed out by it).
 */
export async function enrolTabletAsKiosk(page: Page, team: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: team }).click();
  await field(page, 'Kiosk name').fill(name);
  await page.getByRole('button', { name: 'Enrol this tablet as a kiosk' }).click();
  await expectPath(page, '/kiosk');
}
