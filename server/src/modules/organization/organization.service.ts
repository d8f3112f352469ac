import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { addWithinSeats, type SeatCount, startTrial } from '../billing/index.ts';
import { findOrganizationName, insertOrganization } from '../tenancy/index.ts';
import { emailTaken, insertUser } from '../users/index.ts';
import { findOrCreateTeam } from './teams.queries.ts';

export type NewMember = {
  email: string;
  password: string;
  name: string;
  lastName: string;
  team?: string;
  role?: string;
  bio?: string;
  superUser?: boolean;
};

/** Adds a member to an organization (operator commands and the demo seed). */
export async function addMember(ctx: AppContext, organizationId: number, member: NewMember): Promise<number> {
  const weak = passwordProblem(member.password);
  if (weak) throw badRequest(weak);
  if (await emailTaken(ctx.db, member.email)) throw conflict(`The email ${member.email} has already been taken.`);
  const organization = await findOrganizationName(ctx.db, organizationId);
  if (!organization) throw badRequest(`There is no organization ${organizationId}.`);
  const passwordHash = await hashPassword(member.password);
  const refusal = ({ seats }: SeatCount) => `The plan of organization ${organizationId} includes ${seats} accounts and all are in use.`;
  return addWithinSeats(ctx.db, organizationId, 1, refusal, async (trx) => {
    const userId = await insertUser(trx, {
      organization_id: organizationId,
      team_id: member.team ? await findOrCreateTeam(trx, organizationId, member.team) : null,
      email: member.email,
      password_hash: passwordHash,
      name: member.name,
      last_name: member.lastName,
      company: organization.name,
      role: member.role ?? null,
      ...(member.bio ? { bio: member.bio } : {}),
      is_super_user: member.superUser ? 1 : 0,
    });
    await ctx.events.emit(trx, 'member.created', { at: now(), userId, organizationId });
    return userId;
  });
}

/** A new organization with its super user and an active 30-day trial. */
export async function createOrganization(ctx: AppContext, name: string, superUser: NewMember): Promise<{ organizationId: number; userId: number }> {
  if (!name.trim()) throw badRequest('The organization name is required.');
  const weak = passwordProblem(superUser.password);
  if (weak) throw badRequest(weak);
  if (await emailTaken(ctx.db, superUser.email)) throw conflict(`The email ${superUser.email} has already been taken.`);
  const organizationId = await insertOrganization(ctx.db, name.trim());
  await startTrial(ctx.db, organizationId, ctx.config.payment.provider);
  const userId = await addMember(ctx, organizationId, { ...superUser, superUser: true });
  return { organizationId, userId };
}
