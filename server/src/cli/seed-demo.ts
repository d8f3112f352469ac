import type { AppContext } from '../app-context.ts';
import { addMember, createOrganization } from '../modules/organization/organization.service.ts';

export const DEMO = {
  organization: 'Acme Precision Parts',
  superUser: { email: 'admin@acme.example', password: 'Acme-Supervisor-2026', name: 'Alice', lastName: 'Martin', team: 'Production', role: 'Plant Manager' },
  members: [
    { email: 'member@acme.example', password: 'Acme-Operator-2026', name: 'Bruno', lastName: 'Costa', team: 'Production', role: 'Machine Operator' },
    { email: 'quality@acme.example', password: 'Acme-Quality-2026', name: 'Chloe', lastName: 'Nguyen', team: 'Quality', role: 'Quality Engineer' },
  ],
};

/** Demo organization, teams and people. Returns false when it already exists. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const exists = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO.superUser.email).executeTakeFirst();
  if (exists) return false;
  const { organizationId } = await createOrganization(ctx, DEMO.organization, DEMO.superUser);
  for (const member of DEMO.members) await addMember(ctx, organizationId, member);
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

/** On first start of an empty platform: load the demo and say how to sign in. */
export async function seedDemoIfEmpty(ctx: AppContext, print: (line: string) => void): Promise<void> {
  const anyone = await ctx.db.selectFrom('users').select('id').where('is_guest', '=', 0).limit(1).executeTakeFirst();
  if (!anyone) await seedDemo(ctx);
  const demoPresent = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO.superUser.email).executeTakeFirst();
  if (demoPresent) for (const line of demoSignIns(ctx)) print(line);
}
