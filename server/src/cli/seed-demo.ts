import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../app-context.ts';
import { importCatalog } from '../modules/catalog/import-catalog.ts';
import { type ImportProgress, progressBar, silentProgress } from '../modules/catalog/progress.ts';
import { addMember, createOrganization } from '../modules/organization/organization.service.ts';

export const DEMO = {
  organization: 'Acme Precision Parts',
  superUser: { email: 'admin@acme.example', password: 'Acme-Supervisor-2026', name: 'Alice', lastName: 'Martin', team: 'Production', role: 'Plant Manager' },
  members: [
    { email: 'member@acme.example', password: 'Acme-Operator-2026', name: 'Bruno', lastName: 'Costa', team: 'Production', role: 'Machine Operator' },
    { email: 'quality@acme.example', password: 'Acme-Quality-2026', name: 'Chloe', lastName: 'Nguyen', team: 'Quality', role: 'Quality Engineer' },
  ],
};

/** The demo library: categories, videos, experts, plans, pages, FAQs and landing content (media made by make-media.sh). */
export const DEMO_CATALOG = fileURLToPath(new URL('../../demo-catalog/catalog.json', import.meta.url));

async function seedDemoOrganization(ctx: AppContext): Promise<boolean> {
  const exists = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO.superUser.email).executeTakeFirst();
  if (exists) return false;
  const { organizationId } = await createOrganization(ctx, DEMO.organization, DEMO.superUser);
  for (const member of DEMO.members) await addMember(ctx, organizationId, member);
  return true;
}

/** The import writes every category in one transaction, so all of the demo's categories present means it was imported. */
async function demoCatalogPresent(ctx: AppContext): Promise<boolean> {
  const { categories } = JSON.parse(fs.readFileSync(DEMO_CATALOG, 'utf8')) as { categories: { key: string }[] };
  const found = await ctx.db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'key',
      'in',
      categories.map((c) => c.key),
    )
    .executeTakeFirstOrThrow();
  return Number(found.n) === categories.length;
}

/** Demo organization, teams and people, then the demo catalog. Returns false when both were already there. */
export async function seedDemo(ctx: AppContext, progress: ImportProgress = silentProgress): Promise<boolean> {
  const organizationLoaded = await seedDemoOrganization(ctx);
  if (await demoCatalogPresent(ctx)) return organizationLoaded;
  await importCatalog(ctx, DEMO_CATALOG, progress);
  return true;
}

export function demoSignIns(ctx: AppContext): string[] {
  return [
    'Demo sign-ins:',
    `  super user  ${DEMO.superUser.email} / ${DEMO.superUser.password}`,
    ...DEMO.members.map((m) => `  member      ${m.email} / ${m.password}`),
    `  guest       ${ctx.config.guest.email} / ${ctx.config.guest.password}`,
  ];
}

/** On first start of an empty platform: load the demo (its media are transcoded now) and say how to sign in. */
export async function seedDemoIfEmpty(ctx: AppContext, print: (line: string) => void): Promise<void> {
  const anyone = await ctx.db.selectFrom('users').select('id').where('is_guest', '=', 0).limit(1).executeTakeFirst();
  if (!anyone) {
    console.log('First start: loading the demo organization and catalog, and transcoding the demo videos...');
    await seedDemo(ctx, progressBar());
  }
  const demoPresent = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO.superUser.email).executeTakeFirst();
  if (demoPresent) for (const line of demoSignIns(ctx)) print(line);
}
