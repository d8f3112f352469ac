import { SSO_MESSAGES } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { now } from '../../lib/clock.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { addWithinSeats } from '../billing/index.ts';
import { findTeam } from '../organization/index.ts';
import { organizationName } from '../tenancy/index.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, type UserWithOrg } from '../users/index.ts';
import { findIdentityUser, linkIdentity, organizationDomains } from './sso.queries.ts';
import { claimedName, claimedTeamName, emailDomain } from './sso.rules.ts';

/** What a sign-in's identity provider vouched for, whatever the protocol: its issuer and the identity's claims. */
export type VouchedIdentity = { organization_id: number; issuer: string; team_claim: string | null };

/**
 * The member a verified identity signs in as: found by the provider's subject, else by e-mail within the
 * organization's domains (and linked), else created within the organization's seats. Two first sign-ins of the same
 * new person at once: the second finds the member the first created (its insert breaks a unique rule, and the
 * look-up runs once more) rather than answering 409.
 */
export async function memberOf(ctx: AppContext, connection: VouchedIdentity, claims: Record<string, unknown>, retried = false): Promise<UserWithOrg> {
  try {
    return await findOrCreateMember(ctx, connection, claims);
  } catch (error) {
    const collision = uniqueViolationOf(error);
    if (!collision || retried || !['users', 'sso_identities'].includes(collision.table)) throw error;
    return memberOf(ctx, connection, claims, true);
  }
}

async function findOrCreateMember(ctx: AppContext, connection: VouchedIdentity, claims: Record<string, unknown>): Promise<UserWithOrg> {
  const organizationId = connection.organization_id;
  const subject = String(claims.sub);
  const linked = await findIdentityUser(ctx.db, organizationId, connection.issuer, subject);
  if (linked !== undefined) {
    const user = await findUserById(ctx.db, linked);
    if (!user || user.organization_id !== organizationId) throw forbidden(SSO_MESSAGES.accountRemoved);
    return user;
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified === false) throw forbidden(SSO_MESSAGES.noEmail);
  if (!(await organizationDomains(ctx.db, organizationId)).includes(emailDomain(email))) throw forbidden(SSO_MESSAGES.wrongDomain);
  const identity = { organization_id: organizationId, issuer: connection.issuer, subject };

  // Whether the address is taken is read before who holds it: a parallel first sign-in of the same person committing
  // between the two reads is then found as the member. Read the other way round, the new member was not there yet for
  // the first read and was there for the second, which took them for a removed account (403; PostgreSQL, CI).
  if (await emailTaken(ctx.db, email)) {
    const existing = await findUserByEmail(ctx.db, email);
    if (!existing) throw forbidden(SSO_MESSAGES.accountRemoved);
    if (existing.organization_id !== organizationId) throw conflict(SSO_MESSAGES.otherOrganization);
    await linkIdentity(ctx.db, { ...identity, user_id: existing.id });
    return existing;
  }

  const teamName = claimedTeamName(claims, connection.team_claim);
  const team = teamName ? await findTeam(ctx.db, organizationId, teamName) : undefined;
  const { name, lastName } = claimedName(claims, email);
  const company = await organizationName(ctx.db, organizationId);
  const userId = await addWithinSeats(
    ctx.db,
    organizationId,
    1,
    () => SSO_MESSAGES.seatsFull,
    async (trx) => {
      const id = await insertUser(trx, {
        organization_id: organizationId,
        team_id: team?.id ?? null,
        email,
        // No password: this member signs in through the company account.
        password_hash: null,
        name,
        last_name: lastName,
        company,
        role: null,
        picture: null,
        is_super_user: 0,
        is_guest: 0,
        timezone: null,
      });
      await linkIdentity(trx, { ...identity, user_id: id });
      await ctx.events.emit(trx, 'member.created', { at: now(), userId: id, organizationId });
      return id;
    },
  );
  ctx.log.info({ event: 'sso_member_created', organizationId, userId }, 'sso member created');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw forbidden(SSO_MESSAGES.accountRemoved);
  return user;
}
