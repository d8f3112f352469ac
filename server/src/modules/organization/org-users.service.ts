import type { ManagedUsersData, OrganizationUser, UserFields } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbTransaction } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { MAX_QUERY_WORDS, searchText, searchWords } from '../../lib/search-text.ts';
import type { Caller } from '../auth/index.ts';
import { assertOrganizationCounts, issueNewUsersTokens, revokeUserSessions } from '../auth/index.ts';
import { addWithinSeats, INVITATION_LIFETIME, type SeatCount } from '../billing/index.ts';
import { enqueueMails, invitationMail } from '../mail/index.ts';
import { emailTaken, employeeNumberTaken, findUserById, insertUsers, softDeleteUser, type UserWithOrg, updateOrganizationUser } from '../users/index.ts';
import { findOrganizationUser, listOrganizationUsers, managedUsersPage } from './org-users.queries.ts';
import { assertCanManageOrganization, CANNOT_DELETE_YOURSELF, managedOrganizationOf, NOT_YOUR_ORGANIZATION } from './organization.policy.ts';
import { findOrCreateTeam, organizationTeamNames } from './teams.queries.ts';
import { USER_NOT_FOUND } from './teams.service.ts';

export async function organizationUsers(ctx: AppContext, caller: Caller, organizationId: number): Promise<OrganizationUser[]> {
  assertCanManageOrganization(caller, organizationId);
  return listOrganizationUsers(ctx.db, organizationId);
}

/** v4/list_users: everyone of the caller's organization but the caller (super_user_id, when sent, must be the caller). */
export async function usersForSuperUser(ctx: AppContext, caller: Caller, superUserId: number | undefined): Promise<OrganizationUser[]> {
  const organizationId = managedOrganizationOf(caller);
  if (superUserId !== undefined && superUserId !== caller.userId) throw forbidden('super_user_id must be your own id.');
  return listOrganizationUsers(ctx.db, organizationId, caller.userId);
}

/** Manage users, a page at a time: the organization's users but the caller, found by every word of `search`. */
export async function managedUsers(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  page: { q?: string; skip: number; take: number },
): Promise<ManagedUsersData> {
  assertCanManageOrganization(caller, organizationId);
  const words = [...new Set(searchWords(page.q ?? ''))].slice(0, MAX_QUERY_WORDS);
  const teams = words.length > 0 ? await organizationTeamNames(ctx.db, organizationId) : [];
  const teamWords = teams.map((team) => ({ id: team.id, text: searchText(team.name) }));
  const { users, total } = await managedUsersPage(ctx.db, organizationId, {
    exceptUserId: caller.userId,
    words: words.map((word) => ({ word, teamIds: teamWords.filter((team) => team.text.includes(word)).map((team) => team.id) })),
    skip: page.skip,
    take: page.take,
  });
  return { users, total, skip: page.skip, take: page.take };
}

async function managedUser(ctx: AppContext, caller: Caller, userId: number) {
  const organizationId = managedOrganizationOf(caller);
  const user = await findOrganizationUser(ctx.db, organizationId, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { organizationId, user };
}

/** Refuses an e-mail address or employee number someone else already has (the database refuses a racing twin too). */
async function assertContactFree(ctx: AppContext, organizationId: number, input: UserFields, exceptUserId?: number): Promise<void> {
  if (input.email !== undefined && (await emailTaken(ctx.db, input.email, exceptUserId))) throw conflict(`The email ${input.email} has already been taken.`);
  if (input.employee_number !== undefined && (await employeeNumberTaken(ctx.db, organizationId, input.employee_number, exceptUserId)))
    throw conflict(`The employee number ${input.employee_number} is already used in your organization.`);
}

const MANAGER_NOT_A_MEMBER = 'manager_id: is not a member of your organization.';
const OWN_MANAGER = 'manager_id: a person cannot be their own manager.';

/** Refuses a manager who is not a live member of the organization, or the person themself. */
async function assertManager(ctx: AppContext, organizationId: number, input: UserFields, userId?: number): Promise<void> {
  if (input.manager_id === undefined || input.manager_id === null) return;
  if (input.manager_id === userId) throw badRequest(OWN_MANAGER);
  if (!(await findOrganizationUser(ctx.db, organizationId, input.manager_id))) throw badRequest(MANAGER_NOT_A_MEMBER);
}

/** Where each invitation's token goes in the e-mail written once for all of them (letters only: no escaping touches it). */
const TOKEN_SLOT = 'INVITATIONTOKENSLOT';

/** `managerId`: a live member of the same organization, checked by the caller (the CSV import). */
export type MemberToEnrol = Omit<UserFields, 'team'> & { teamId: number; managerId?: number | null };

/**
 * The one way Manage users and the CSV import add ordinary members (no password until they set one), called inside
 * the seat-counted transaction (billing's addWithinSeats/withSeatsCounted): the users in a few statements,
 * `member.created` for each, and for those with an e-mail address an invitation token and its e-mail written to the
 * outbox in the same transaction (delivered after the commit: `queueInvitations`). Members with an employee number
 * instead are invited by a printed sheet (enrolment module). Answers the new ids in the order given.
 */
export async function enrolMembers(
  ctx: AppContext,
  trx: DbTransaction,
  organizationId: number,
  inviter: UserWithOrg,
  members: readonly MemberToEnrol[],
): Promise<number[]> {
  const ids = await insertUsers(
    trx,
    members.map((member) => ({
      organization_id: organizationId,
      team_id: member.teamId,
      email: member.email ?? null,
      employee_number: member.employee_number ?? null,
      password_hash: null,
      name: member.name,
      last_name: member.last_name,
      company: inviter.organization_name ?? '',
      role: member.role,
      is_super_user: 0,
      manager_id: member.managerId ?? null,
    })),
  );
  const t = now();
  for (const userId of ids) await ctx.events.emit(trx, 'member.created', { at: t, userId, organizationId });
  const invited = members.flatMap((member, i) => (member.email === undefined ? [] : [{ email: member.email, userId: ids[i] as number }]));
  const tokens = await issueNewUsersTokens(
    trx,
    invited.map((member) => member.userId),
    'invite',
    INVITATION_LIFETIME,
  );
  const inviterName = `${inviter.name} ${inviter.last_name}`.trim();
  const organization = inviter.organization_name ?? 'your organization';
  const locale = recipientLocale(null, inviter.organization_locale);
  // The invitations differ only by their token: written once (a CSV import's 2,500 translated e-mails took seconds),
  // each then given its own. A token (base64url, URI-encoded) has nothing HTML escapes, so both bodies carry it as is.
  const invitation = invitationMail(inviterName, organization, `${ctx.config.publicUrl}/accept-invitation?token=${TOKEN_SLOT}`, locale);
  const withToken = (text: string, token: string) => text.replaceAll(TOKEN_SLOT, encodeURIComponent(token));
  await enqueueMails(
    trx,
    invited.map((member, i) => ({
      to: member.email,
      kind: 'invitation',
      mail: { subject: invitation.subject, text: withToken(invitation.text, tokens[i] as string), html: withToken(invitation.html, tokens[i] as string) },
    })),
    ctx.config.smtpUrl ? 'pending' : 'captured',
    t,
  );
  return ids;
}

/** Hands the invitations enrolMembers wrote to the delivery queue, once their transaction has committed. */
export function queueInvitations(ctx: AppContext): void {
  if (ctx.config.smtpUrl) void ctx.mailer.queuePending().catch(() => undefined);
}

/**
 * A new ordinary member: with an e-mail address, invited by e-mail; with an employee number instead, invited by a
 * printed sheet the super user prints from Manage users (enrolment module).
 */
export async function createOrganizationUser(
  ctx: AppContext,
  caller: Caller,
  input: UserFields & { organization_id?: number; super_user_id?: number },
): Promise<OrganizationUser> {
  const organizationId = managedOrganizationOf(caller);
  if (input.organization_id !== undefined && input.organization_id !== organizationId) throw forbidden(NOT_YOUR_ORGANIZATION);
  if (input.super_user_id !== undefined && input.super_user_id !== caller.userId) throw forbidden('super_user_id must be your own id.');
  // An unconfirmed registration may not make the platform e-mail others; a printed sheet e-mails nobody.
  if (input.email !== undefined) await assertOrganizationCounts(ctx, organizationId);
  await assertContactFree(ctx, organizationId, input);
  await assertManager(ctx, organizationId, input);
  const inviter = await findUserById(ctx.db, caller.userId);
  if (!inviter) throw badRequest('Your account could not be read.');
  const [userId] = await addWithinSeats(ctx.db, organizationId, 1, seatsRefusal, async (trx) => {
    const teamId = await findOrCreateTeam(trx, organizationId, input.team);
    return enrolMembers(ctx, trx, organizationId, inviter, [{ ...input, teamId, managerId: input.manager_id ?? null }]);
  });
  queueInvitations(ctx);
  const created = userId === undefined ? undefined : await findOrganizationUser(ctx.db, organizationId, userId);
  if (!created) throw notFound(USER_NOT_FOUND);
  return created;
}

/** Manage users' and the CSV import's refusal past the plan's seats. */
export const seatsRefusal = ({ seats }: SeatCount) => `Your plan includes ${seats} accounts and all are in use: delete a user or change your plan first.`;

export async function updateOrganizationUserFields(ctx: AppContext, caller: Caller, userId: number, input: UserFields): Promise<OrganizationUser> {
  const { organizationId } = await managedUser(ctx, caller, userId);
  await assertContactFree(ctx, organizationId, input, userId);
  await assertManager(ctx, organizationId, input, userId);
  await ctx.db.transaction().execute(async (trx) => {
    const teamId = await findOrCreateTeam(trx, organizationId, input.team);
    await updateOrganizationUser(trx, organizationId, userId, {
      name: input.name,
      last_name: input.last_name,
      email: input.email ?? null,
      employee_number: input.employee_number ?? null,
      team_id: teamId,
      role: input.role,
      // Absent keeps the manager (spec clients send no such field); null clears it.
      ...(input.manager_id !== undefined ? { manager_id: input.manager_id } : {}),
    });
  });
  return (await managedUser(ctx, caller, userId)).user;
}

/** Soft delete (history stays); a super user cannot delete themself. */
export async function deleteOrganizationUser(ctx: AppContext, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId) throw forbidden(CANNOT_DELETE_YOURSELF);
  const { organizationId } = await managedUser(ctx, caller, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await softDeleteUser(trx, organizationId, userId);
    await revokeUserSessions(trx, userId);
    await ctx.events.emit(trx, 'member.deactivated', { at: now(), userId, organizationId });
  });
}
