import type { AppContext } from '../../app-context.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { addWithinSeats, type SeatCount } from '../billing/index.ts';
import { insertTeam, renameTeam, softDeleteTeam, teamNameTaken } from '../organization/index.ts';
import { findOrganizationName } from '../tenancy/index.ts';
import { assignMembers, emailTaken, insertUser, releaseMember, releaseMembers, restoreUser, softDeleteUser, updateUser } from '../users/index.ts';
import {
  deleteScimUser,
  findRemovedMemberByEmail,
  findScimGroup,
  findScimMember,
  findScimMemberByExternalId,
  findScimMemberByUserName,
  groupMembers,
  liveMemberIds,
  otherLiveSuperUsers,
  type ScimMemberRow,
  saveScimUser,
  scimGroupsPage,
  scimMembersPage,
  userNameTaken,
} from './scim.queries.ts';
import {
  applyUserPatch,
  type GroupChange,
  groupChangeOf,
  groupResource,
  idOf,
  listResponse,
  type MemberFields,
  memberFieldsOf,
  pageOf,
  parseEqFilter,
  ScimError,
  scimGroupInput,
  scimPatchInput,
  scimUserInput,
  userResource,
} from './scim.rules.ts';

/** The most resources one list answers (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 200;

/** Who calls: the organization whose token was presented, and the base URL resources' locations are written with. */
export type ScimCaller = { organizationId: number; baseUrl: string };

const USER_NOT_FOUND = 'No such user in this organization.';
const GROUP_NOT_FOUND = 'No such group in this organization.';

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ScimError(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`, 'invalidValue');
  }
  return result.data;
}

const fieldsOf = (row: ScimMemberRow): MemberFields => ({
  userName: row.user_name ?? row.email ?? row.employee_number ?? String(row.id),
  email: row.email,
  givenName: row.name,
  familyName: row.last_name,
  title: row.role,
  externalId: row.external_id,
  active: row.active !== 0,
});

const resourceOf = (caller: ScimCaller, row: ScimMemberRow) =>
  userResource(caller.baseUrl, {
    ...fieldsOf(row),
    id: row.id,
    team: row.team_id !== null && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

async function memberOrThrow(db: Db, caller: ScimCaller, rawId: string): Promise<ScimMemberRow> {
  const row = await findScimMember(db, caller.organizationId, idOf(rawId));
  if (!row) throw new ScimError(404, USER_NOT_FOUND);
  return row;
}

/** userName and e-mail are each one member's: another member holding either is a `uniqueness` refusal. */
async function assertUnique(db: Db, caller: ScimCaller, fields: MemberFields, userId: number): Promise<void> {
  const byName = await findScimMemberByUserName(db, caller.organizationId, fields.userName);
  if ((byName && byName.id !== userId) || (await userNameTaken(db, caller.organizationId, fields.userName, userId)))
    throw new ScimError(409, `A user with the userName ${fields.userName} already exists.`, 'uniqueness');
  if (fields.email !== null && (await emailTaken(db, fields.email, userId || undefined)))
    throw new ScimError(409, `The e-mail ${fields.email} is already taken.`, 'uniqueness');
}

const seatRefusal = ({ seats }: SeatCount) =>
  `The organization's plan includes ${seats} accounts and all are in use: free a seat or add seats before provisioning more members.`;

/**
 * A change of who holds a seat, in the seats' transaction: it locks the organization's row first (PostgreSQL), so
 * parallel creates, reactivations and deactivations of one organization take their turns (`adding` 0 needs no seat).
 * addWithinSeats refuses with a 409 of the API: here it is a SCIM refusal the identity provider shows as is.
 */
async function withinSeats<T>(ctx: AppContext, organizationId: number, adding: 0 | 1, add: (trx: DbTransaction) => Promise<T>): Promise<T> {
  try {
    return await addWithinSeats(ctx.db, organizationId, adding, seatRefusal, add);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) throw new ScimError(403, error.message);
    throw error;
  }
}

/** Writes a member's fields, and their deactivation or reactivation with what follows from it. */
async function writeMember(
  ctx: AppContext,
  trx: DbTransaction,
  caller: ScimCaller,
  userId: number,
  before: MemberFields | null,
  after: MemberFields,
): Promise<void> {
  const { organizationId } = caller;
  await updateUser(trx, userId, { email: after.email, name: after.givenName, last_name: after.familyName, role: after.title });
  await saveScimUser(trx, {
    user_id: userId,
    organization_id: organizationId,
    user_name: after.userName,
    external_id: after.externalId,
    active: after.active ? 1 : 0,
  });
  if (before?.active !== false && !after.active) await deactivate(ctx, trx, organizationId, userId);
}

export const LAST_SUPER_USER = "The organization's last super user cannot be deactivated or deleted over SCIM: make another member a super user first.";

async function deactivate(ctx: AppContext, trx: DbTransaction, organizationId: number, userId: number): Promise<void> {
  // Otherwise one unassignment in the identity provider would lock the organization out of its own administration.
  if ((await findScimMember(trx, organizationId, userId))?.is_super_user === 1 && (await otherLiveSuperUsers(trx, organizationId, userId)) === 0)
    throw new ScimError(409, LAST_SUPER_USER, 'mutability');
  await softDeleteUser(trx, organizationId, userId);
  await ctx.events.emit(trx, 'member.deactivated', { at: now(), userId, organizationId });
}

export async function createUser(ctx: AppContext, caller: ScimCaller, body: unknown) {
  const fields = memberFieldsOf(parsed(scimUserInput, body));
  const { organizationId } = caller;
  const organization = await findOrganizationName(ctx.db, organizationId);
  const userId = await withinSeats(ctx, organizationId, 1, async (trx) => {
    // A member this organization removed earlier comes back with their history (their e-mail stays theirs).
    const removed = await findRemovedMemberByEmail(trx, organizationId, fields.email);
    // Inside the seats' transaction: two creates of one userName in parallel wait for each other here.
    await assertUnique(trx, caller, fields, removed?.id ?? 0);
    if (removed) {
      await restoreUser(trx, organizationId, removed.id);
      await writeMember(ctx, trx, caller, removed.id, null, fields);
      return removed.id;
    }
    const id = await insertUser(trx, {
      organization_id: organizationId,
      team_id: null,
      email: fields.email,
      // No password: the member signs in through the organization's identity provider, or sets one by "forgot password".
      password_hash: null,
      name: fields.givenName,
      last_name: fields.familyName,
      company: organization?.name ?? '',
      role: fields.title,
      picture: null,
      is_super_user: 0,
      is_guest: 0,
      timezone: null,
    });
    await writeMember(ctx, trx, caller, id, null, fields);
    await ctx.events.emit(trx, 'member.created', { at: now(), userId: id, organizationId });
    return id;
  });
  return resourceOf(caller, (await findScimMember(ctx.db, organizationId, userId))!);
}

export async function getUser(ctx: AppContext, caller: ScimCaller, id: string) {
  return resourceOf(caller, await memberOrThrow(ctx.db, caller, id));
}

export async function listUsers(ctx: AppContext, caller: ScimCaller, query: { filter?: string; startIndex?: string; count?: string }) {
  const page = pageOf(query, MAX_RESULTS);
  if (query.filter !== undefined && query.filter !== '') {
    const { attribute, value } = parseEqFilter(query.filter, ['userName', 'externalId', 'id']);
    const row =
      attribute === 'userName'
        ? await findScimMemberByUserName(ctx.db, caller.organizationId, value)
        : attribute === 'externalId'
          ? await findScimMemberByExternalId(ctx.db, caller.organizationId, value)
          : await findScimMember(ctx.db, caller.organizationId, idOf(value));
    const found = row && page.offset === 0 && page.limit > 0 ? [resourceOf(caller, row)] : [];
    return listResponse(found, row ? 1 : 0, page.startIndex);
  }
  const { total, rows } = await scimMembersPage(ctx.db, caller.organizationId, page.offset, page.limit);
  return listResponse(
    rows.map((row) => resourceOf(caller, row)),
    total,
    page.startIndex,
  );
}

/**
 * Changes a member (PUT's replacement or PATCH's operations, applied to the member as read under the organization's
 * lock, so parallel changes take turns and a deactivation is announced once); reactivating takes a seat again.
 */
async function changeMember(ctx: AppContext, caller: ScimCaller, rawId: string, change: (current: MemberFields) => MemberFields) {
  const { organizationId } = caller;
  const seen = await memberOrThrow(ctx.db, caller, rawId);
  const reactivates = (before: MemberFields) => !before.active && change(before).active;
  const reactivating = reactivates(fieldsOf(seen));
  await withinSeats(ctx, organizationId, reactivating ? 1 : 0, async (trx) => {
    const before = fieldsOf(await memberOrThrow(trx, caller, rawId));
    const after = change(before);
    // Another call changed the member between the first read and the lock: its seat count no longer holds.
    if (reactivates(before) !== reactivating) throw new ScimError(409, 'The user changed meanwhile: send the request again.');
    await assertUnique(trx, caller, after, seen.id);
    if (reactivating) await restoreUser(trx, organizationId, seen.id);
    await writeMember(ctx, trx, caller, seen.id, before, after);
  });
  return resourceOf(caller, (await findScimMember(ctx.db, organizationId, seen.id))!);
}

export async function replaceUser(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const input = parsed(scimUserInput, body);
  return changeMember(ctx, caller, id, (current) => memberFieldsOf(input, current));
}

export async function patchUser(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const { Operations } = parsed(scimPatchInput, body);
  return changeMember(ctx, caller, id, (current) => applyUserPatch(current, Operations));
}

/** DELETE: the member is gone for SCIM and signed out; the row stays soft-deleted for the organization's history. */
export async function deleteUser(ctx: AppContext, caller: ScimCaller, id: string): Promise<void> {
  await withinSeats(ctx, caller.organizationId, 0, async (trx) => {
    const row = await memberOrThrow(trx, caller, id);
    if (row.active !== 0) await deactivate(ctx, trx, caller.organizationId, row.id);
    await deleteScimUser(trx, row.id);
  });
}

// ---- groups (teams)

async function groupsWithMembers(
  ctx: AppContext,
  caller: ScimCaller,
  teams: { id: number; name: string; created_at: number; updated_at: number }[],
  withMembers = true,
) {
  const members = withMembers
    ? await groupMembers(
        ctx.db,
        caller.organizationId,
        teams.map((t) => t.id),
      )
    : [];
  return teams.map((team) =>
    groupResource(
      caller.baseUrl,
      {
        id: team.id,
        name: team.name,
        createdAt: team.created_at,
        updatedAt: team.updated_at,
        members: members.filter((m) => m.team_id === team.id).map((m) => ({ id: m.id, name: `${m.name} ${m.last_name}`.trim() })),
      },
      withMembers,
    ),
  );
}

async function groupOrThrow(ctx: AppContext, caller: ScimCaller, rawId: string) {
  const team = await findScimGroup(ctx.db, caller.organizationId, idOf(rawId));
  if (!team) throw new ScimError(404, GROUP_NOT_FOUND);
  return team;
}

export async function getGroup(ctx: AppContext, caller: ScimCaller, id: string, excludedAttributes?: string) {
  const team = await groupOrThrow(ctx, caller, id);
  return (await groupsWithMembers(ctx, caller, [team], !/\bmembers\b/i.test(excludedAttributes ?? '')))[0]!;
}

export async function listGroups(
  ctx: AppContext,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string },
) {
  const page = pageOf(query, MAX_RESULTS);
  const filter = query.filter ? parseEqFilter(query.filter, ['displayName', 'id']) : null;
  if (filter?.attribute === 'id') {
    const team = await findScimGroup(ctx.db, caller.organizationId, idOf(filter.value));
    const found = team && page.offset === 0 && page.limit > 0 ? await groupsWithMembers(ctx, caller, [team]) : [];
    return listResponse(found, team ? 1 : 0, page.startIndex);
  }
  const { total, rows } = await scimGroupsPage(ctx.db, caller.organizationId, page.offset, page.limit, filter?.value);
  return listResponse(await groupsWithMembers(ctx, caller, rows, !/\bmembers\b/i.test(query.excludedAttributes ?? '')), total, page.startIndex);
}

/** The members named must be live members of the organization: one that is not is a `noTarget`/`invalidValue` refusal. */
async function assertMembers(db: Db, caller: ScimCaller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const live = await liveMemberIds(db, caller.organizationId, unique);
  if (live.length !== unique.length) throw new ScimError(400, 'A member named is not a user of this organization.', 'invalidValue');
}

async function applyGroupChange(ctx: AppContext, caller: ScimCaller, teamId: number, change: GroupChange): Promise<void> {
  const { organizationId } = caller;
  if (change.displayName !== undefined && (await teamNameTaken(ctx.db, organizationId, change.displayName, teamId)))
    throw new ScimError(409, `A group named ${change.displayName} already exists.`, 'uniqueness');
  await assertMembers(ctx.db, caller, [...change.add, ...(change.replaceMembers ?? [])]);
  await ctx.db.transaction().execute(async (trx) => {
    if (change.displayName !== undefined) await renameTeam(trx, organizationId, teamId, change.displayName);
    if (change.replaceMembers) await releaseMembers(trx, organizationId, teamId);
    // A member is in one team: joining this one moves them from the one they were in.
    await assignMembers(trx, organizationId, teamId, [...change.add, ...(change.replaceMembers ?? [])]);
    for (const userId of change.remove) await releaseMember(trx, organizationId, teamId, userId);
  });
}

export async function createGroup(ctx: AppContext, caller: ScimCaller, body: unknown) {
  const input = parsed(scimGroupInput, body);
  const { organizationId } = caller;
  if (await teamNameTaken(ctx.db, organizationId, input.displayName))
    throw new ScimError(409, `A group named ${input.displayName} already exists.`, 'uniqueness');
  const members = (input.members ?? []).map((m) => idOf(String(m.value)));
  await assertMembers(ctx.db, caller, members);
  const teamId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertTeam(trx, organizationId, input.displayName);
    await assignMembers(trx, organizationId, id, members);
    return id;
  });
  return getGroup(ctx, caller, String(teamId));
}

export async function replaceGroup(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const team = await groupOrThrow(ctx, caller, id);
  const input = parsed(scimGroupInput, body);
  await applyGroupChange(ctx, caller, team.id, {
    displayName: input.displayName,
    add: [],
    remove: [],
    replaceMembers: (input.members ?? []).map((m) => idOf(String(m.value))),
  });
  return getGroup(ctx, caller, id);
}

export async function patchGroup(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const team = await groupOrThrow(ctx, caller, id);
  const { Operations } = parsed(scimPatchInput, body);
  await applyGroupChange(ctx, caller, team.id, groupChangeOf(Operations));
}

/** DELETE: the team goes, its members stay (teamless), as when a super user deletes a team. */
export async function deleteGroup(ctx: AppContext, caller: ScimCaller, id: string): Promise<void> {
  const team = await groupOrThrow(ctx, caller, id);
  await ctx.db.transaction().execute(async (trx) => {
    await releaseMembers(trx, caller.organizationId, team.id);
    await softDeleteTeam(trx, caller.organizationId, team.id);
  });
}
