import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../app-context.ts';
import { countCategoriesWithKeys, countVideosWithKeys } from '../modules/catalog/catalog-upsert.queries.ts';
import { type ImportOptions, importCatalog } from '../modules/catalog-import/import-catalog.ts';
import { type ImportProgress, progressBar, silentProgress } from '../modules/catalog-import/import-progress.ts';
import { type DemoHistory, seedDemoOrganization, startDemoOrganization } from '../modules/demo/demo-organization.ts';
import { DEMO_MEMBER, DEMO_QUALITY, DEMO_SUPER_USER } from '../modules/demo/demo-people.ts';
import { anyoneSignedUp, findUserByEmail } from '../modules/users/users.queries.ts';
import { readDemoProbes } from './demo-probes.ts';

/** The demo sign-ins (the demo organization's people: modules/demo/demo-people.ts). */
export const DEMO = { superUser: DEMO_SUPER_USER, members: [DEMO_MEMBER, DEMO_QUALITY] };

/** The demo library: categories, videos, experts, plans, pages, FAQs and landing content (media made by make-media.sh). */
export const DEMO_CATALOG = fileURLToPath(new URL('../../demo-catalog/catalog.json', import.meta.url));

/**
 * The demo catalog is there when all of its categories and lessons are. A database seeded from an older demo
 * catalog has every category but lacks the lessons added since (the demo stations require some of them), so it
 * is imported again: the import updates what is there and adds what is missing.
 */
export async function demoCatalogPresent(ctx: AppContext): Promise<boolean> {
  const { categories } = JSON.parse(fs.readFileSync(DEMO_CATALOG, 'utf8')) as {
    categories: { key: string; sub_categories: { videos: { key: string }[] }[] }[];
  };
  const lessons = categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos.map((v) => v.key)));
  return (
    (await countCategoriesWithKeys(
      ctx.db,
      categories.map((c) => c.key),
    )) === categories.length && (await countVideosWithKeys(ctx.db, lessons)) === lessons.length
  );
}

/**
 * The demo catalog, then the demo organization with six months of history played over it (its paths and
 * history are drawn from the imported catalog). Returns false when both were already there.
 */
export async function seedDemo(ctx: AppContext, progress: ImportProgress = silentProgress, options: ImportOptions = {}): Promise<boolean> {
  const catalogPresent = await demoCatalogPresent(ctx);
  if (!catalogPresent) await importCatalog(ctx, DEMO_CATALOG, progress, options);
  const organizationLoaded = await seedDemoOrganization(ctx);
  return organizationLoaded || !catalogPresent;
}

export function demoSignIns(ctx: AppContext): string[] {
  return [
    'Demo sign-ins:',
    `  super user  ${DEMO.superUser.email} / ${DEMO.superUser.password}`,
    ...DEMO.members.map((m) => `  member      ${m.email} / ${m.password}`),
    `  guest       ${ctx.config.guest.email} / ${ctx.config.guest.password}`,
  ];
}

/**
 * On first start of an empty platform: load the demo catalog (its lessons' renditions are left to the rendition
 * queue) and the demo organization as far as signing in and training need, and say how to sign in. Answers the
 * organization's six months of history, which main.ts plays once the platform answers (null when nothing is left).
 */
export async function seedDemoIfEmpty(ctx: AppContext, print: (line: string) => void): Promise<DemoHistory | null> {
  let history: DemoHistory | null = null;
  if (!(await anyoneSignedUp(ctx.db))) {
    console.log('First start: loading the demo catalog and the demo organization (its history and its videos are prepared in the background)...');
    if (!(await demoCatalogPresent(ctx))) await importCatalog(ctx, DEMO_CATALOG, progressBar(), { renditions: 'later', knownProbes: readDemoProbes() });
    history = await startDemoOrganization(ctx);
  }
  if (await findUserByEmail(ctx.db, DEMO.superUser.email)) for (const line of demoSignIns(ctx)) print(line);
  return history;
}
