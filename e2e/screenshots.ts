import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, seedDemoDataDir, signInThroughForm, startStack, WIDTHS } from './harness.ts';
import { CREDENTIALS, ROLES, routesByRole, visitRoute } from './routes.ts';

/**
 * `npm run screenshots [-- <folder>]`: starts the platform with the demo on a temporary data
 * directory and saves a full-page PNG of every route, as each role, at 425, 768 and 1280 px
 * (<folder>/<role>/<width>/<route>.png; default folder /tmp/mm-screenshots). Needs `npm run build -w web`.
 */
const outputDir = path.resolve(process.argv[2] ?? '/tmp/mm-screenshots');
const fileName = (route: string) =>
  `${
    route
      .replace(/^\//, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/_+$/, '') || 'landing'
  }.png`;

const template = seedDemoDataDir();
const [stack, browser] = await Promise.all([startStack(template), openBrowser()]);
try {
  const routes = await routesByRole(stack);
  for (const role of ROLES) {
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: WIDTHS.desktop, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    if (role !== 'visitor') await signInThroughForm(page, CREDENTIALS[role].email, CREDENTIALS[role].password);
    for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      const folder = path.join(outputDir, role, String(width));
      fs.mkdirSync(folder, { recursive: true });
      for (const route of routes[role]) {
        await visitRoute(page, route.path);
        await page.screenshot({ path: path.join(folder, fileName(route.path)), fullPage: true });
      }
    }
    await context.close();
    console.log(`${role}: ${routes[role].length} routes at 3 widths`);
  }
  console.log(`Screenshots in ${outputDir}`);
} finally {
  await browser.close();
  await stack.stop();
  fs.rmSync(template, { recursive: true, force: true });
}
