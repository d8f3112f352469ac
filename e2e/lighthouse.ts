import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
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
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
];

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
  for (const target of PAGES) {
    if (target.signedIn) await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    const runs: Result[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(
        `${stack.baseUrl}${target.path}`,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: target.signedIn },
        undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
      runs.push(result.lhr);
    }
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
      `${target.path.padEnd(7)} performance ${score} (runs: ${runs.map(scoreOf).join(', ')})  layout shift ${layoutShift.toFixed(3)}  ` +
        `LCP ${(numeric('largest-contentful-paint') / 1000).toFixed(1)} s  TBT ${Math.round(numeric('total-blocking-time'))} ms  JavaScript ${scriptKb.toFixed(0)} KB transferred`,
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
