import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../server/test/free-port.ts';
import { CHROMIUM, DEMO, seedDemoDataDir, signInThroughForm, startStack } from './harness.ts';

/**
 * `npm run lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone on a slow 4G
 * link, simulated) of `/`, `/login` and `/home` signed in as the demo member, in Debian's Chromium against
 * the built web app served by the platform with the demo. Audits each page LIGHTHOUSE_RUNS times (3 by default)
 * and prints the median run's score (with every run's), layout shift, LCP, TBT and JavaScript transferred; exits 1 when a page is under the targets of issue 18 (score 90,
 * layout shift 0.1, 200 KB of JavaScript on `/`). `LIGHTHOUSE_DETAILS=1` also prints which element was the
 * largest paint, what shifted, which scripts took the main thread and its long tasks. Needs `npm run build -w web`.
 */
const TARGET = { score: 90, layoutShift: 0.1, landingScriptKb: 200 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/**
 * Each page in English, then in Spanish (issue 40: the targets hold with a locale loaded): the member's own language
 * saved on their profile, and this browser's choice kept where the app keeps it, as after a switch in the header.
 */
type AuditedPage = { path: string; signedIn: boolean; locale: 'en' | 'es' };
const PAGES: AuditedPage[] = [
  { path: '/', signedIn: false, locale: 'en' },
  { path: '/login', signedIn: false, locale: 'en' },
  { path: '/home', signedIn: true, locale: 'en' },
  { path: '/home', signedIn: true, locale: 'es' },
  { path: '/', signedIn: false, locale: 'es' },
];
/** Where the web app keeps this browser's language and the session (web/src/lib/i18n.ts, web/src/lib/session.ts). */
const STORED_LOCALE = 'mm-locale';
const STORED_SESSION = 'mm.session';

const template = seedDemoDataDir();
const stack = await startStack(template);
const port = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-lighthouse-'));
// A persistent context is Chromium's default one, which Lighthouse's own tab shares (and with it the session).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM.executablePath,
  headless: true,
  baseURL: stack.baseUrl,
  args: [`--remote-debugging-port=${port}`, ...CHROMIUM.args],
});

let failures = 0;
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  let signedIn = false;
  for (const target of PAGES) {
    if (target.signedIn && !signedIn) {
      await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
      signedIn = true;
    }
    if (target.locale !== 'en') await chooseLocale(page, target);
    if (!target.signedIn && signedIn) {
      await page.evaluate((key) => localStorage.removeItem(key), STORED_SESSION);
      signedIn = false;
    }
    const runs: Result[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A visitor comes with nothing cached and no service worker; Lighthouse clears those only along with the storage
      // that must be kept here (the chosen language).
      if (!target.signedIn && target.locale !== 'en') await forgetCachedFiles(page);
      const result = await lighthouse(
        `${stack.baseUrl}${target.path}`,
        // Storage is kept where it holds the session or the chosen language (Lighthouse clears it by default).
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: target.signedIn || target.locale !== 'en' },
        undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
      runs.push(result.lhr);
    }
    // The audited page really was in the chosen language (a page that fell back to English would prove nothing).
    await page.goto(target.path);
    await page.waitForFunction((locale) => document.documentElement.lang === locale, target.locale, { timeout: 15_000 });
    // Lighthouse's own advice on its variance: several runs, the median one reported.
    const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const byScore = [...runs].sort((a, b) => scoreOf(a) - scoreOf(b));
    const lhr = byScore[Math.floor(byScore.length / 2)] as Result;
    const score = scoreOf(lhr);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const scriptKb = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
    const layoutShift = numeric('cumulative-layout-shift');
    console.log(
      `${target.path.padEnd(7)} ${target.locale}  performance ${score} (runs: ${runs.map(scoreOf).join(', ')})  layout shift ${layoutShift.toFixed(3)}  ` +
        `LCP ${(numeric('largest-contentful-paint') / 1000).toFixed(1)} s  TBT ${Math.round(numeric('total-blocking-time'))} ms  JavaScript ${scriptKb.toFixed(0)} KB transferred  ` +
        // Issue 41: the machine's load beside the figures (a score on a busy machine is read with it).
        `load average ${os.loadavg()[0]?.toFixed(2)}`,
    );
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const audit of ['largest-contentful-paint-element', 'layout-shifts', 'bootup-time', 'long-tasks'])
        console.log(audit, JSON.stringify(lhr.audits[audit]?.details));
    }
    const misses = [
      score < TARGET.score && `performance ${score} < ${TARGET.score}`,
      layoutShift >= TARGET.layoutShift && `layout shift ${layoutShift.toFixed(3)} >= ${TARGET.layoutShift}`,
      target.path === '/' && scriptKb > TARGET.landingScriptKb && `JavaScript ${scriptKb.toFixed(0)} KB > ${TARGET.landingScriptKb} KB`,
    ].filter(Boolean);
    if (misses.length > 0) {
      failures++;
      console.log(`        misses: ${misses.join('; ')}`);
    }
  }
} finally {
  await browser.close();
  await stack.stop();
  fs.rmSync(profile, { recursive: true, force: true });
  fs.rmSync(template, { recursive: true, force: true });
}
process.exitCode = failures > 0 ? 1 : 0;

/** What a first visit has not got yet: the HTTP cache, the offline service worker and its caches. */
async function forgetCachedFiles(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await (await browser.newCDPSession(page)).send('Network.clearBrowserCache');
}

/** The language a person chose: on the member's profile when signed in, and in this browser either way. */
async function chooseLocale(page: Page, target: AuditedPage): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  if (target.signedIn) {
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken as string, STORED_SESSION);
    const answer = await stack.api('POST', '/api/set_locale', { token, json: { locale: target.locale } });
    if (answer.status !== 200) throw new Error(`set_locale answered ${answer.status}`);
  }
  await page.evaluate(([key, locale]) => localStorage.setItem(key as string, locale as string), [STORED_LOCALE, target.locale]);
}
