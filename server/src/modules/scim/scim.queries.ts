import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

/** How many provisioning calls an organization's page keeps (older ones are pruned as new ones come). */
export const KEPT_REQUESTS = 20;

// ---- tokens

export const findLiveScimToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom('scim_tokens')
    .select(['id', 'organization_id', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

export const liveScimTokenOf = (db: Db, organizationId: number) =>
  db
    .selectFrom('scim_tokens')
    .select(['created_at', 'last_used_at'])
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** Revokes the organization's live tokens; answers how many there were. */
export async function revokeScimTokens(db: Db, organizationId: number): Promise<number> {
  const result = await db
    .updateTable('scim_tokens')
    .set({ revoked_at: now() })
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertScimToken(db: Db, organizationId: number, tokenHash: string, createdBy: number): Promise<void> {
  await db.insertInto('scim_tokens').values({ organization_id: organizationId, token_hash: tokenHash, created_by: createdBy, created_at: now() }).execute();
}

export async function touchScimToken(db: Db, id: number, t: number): Promise<void> {
  await db.updateTable('scim_tokens').set({ last_used_at: t }).where('id', '=', id).execute();
}

// ---- the provisioning log

export async function logScimRequest(db: Db, row: { organization_id: number; method: string; path: string; status: number; at: number }): Promise<void> {
  await db.insertInto('scim_requests').values(row).execute();
  // Keep the last KEPT_REQUESTS: what is older than the oldest of them goes.
  const cutoff = await db
    .selectFrom('scim_requests')
    .select('id')
    .where('organization_id', '=', row.organization_id)
    .orderBy('id', 'desc')
    .offset(KEPT_REQUESTS)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) await db.deleteFrom('scim_requests').where('organization_id', '=', row.organization_id).where('id', '<=', cutoff.id).execute();
}

export const lastScimRequests = (db: Db, organizationId: number) =>
  db
    .selectFrom('scim_requests')
    .select(['method', 'path', 'status', 'at'])
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .limit(KEPT_REQUESTS)
    .execute();

// ---- members as SCIM sees them: the organization's live users, and those the provider deactivated

function scimMembers(db: Db, organizationId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('scim_users as s', 's.user_id', 'u.id')
    .leftJoin('teams as t', (j) => j.onRef('t.id', '=', 'u.team_id').on('t.deleted_at', 'is', null))
    .select([
      'u.id',
      'u.email',
      'u.employee_number',
      'u.name',
      'u.last_name',
      'u.role',
      'u.is_super_user',
      'u.created_at',
      'u.updated_at',
      's.user_name',
      's.external_id',
      's.active',
      't.id as team_id',
      't.name as team_name',
    ])
    .where('u.organization_id', '=', organizationId)
    .where('u.is_guest', '=', 0)
    .where((eb) => eb.or([eb('u.deleted_at', 'is', null), eb('s.active', '=', 0)]));
}

export type ScimMemberRow = Awaited<ReturnType<typeof findScimMember>> & {};

export const findScimMember = (db: Db, organizationId: number, userId: number) => scimMembers(db, organizationId).where('u.id', '=', userId).executeTakeFirst();

/** The member whose userName is this (case-insensitive): SCIM's own, else the e-mail of a member SCIM never named. */
export const findScimMemberByUserName = (db: Db, organizationId: number, userName: string) =>
  scimMembers(db, organizationId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['s.user_name']), '=', userName.toLowerCase()),
        eb.and([eb('s.user_name', 'is', null), eb('u.email', '=', userName.toLowerCase())]),
      ]),
    )
    .executeTakeFirst();

export const findScimMemberByExternalId = (db: Db, organizationId: number, externalId: string) =>
  scimMembers(db, organizationId).where('s.external_id', '=', externalId).executeTakeFirst();

export async function scimMembersPage(db: Db, organizationId: number, offset: number, limit: number) {
  const [total, rows] = await Promise.all([
    db
      .selectFrom(scimMembers(db, organizationId).as('m'))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    limit === 0 ? Promise.resolve([]) : scimMembers(db, organizationId).orderBy('u.id').offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(total.n), rows };
}

/** How many live super users the organization has besides this member. */
export async function otherLiveSuperUsers(db: Db, organizationId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('is_super_user', '=', 1)
    .where('deleted_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member of the organization removed earlier (by a super user or a SCIM DELETE) who held this e-mail. */
export const findRemovedMemberByEmail = (db: Db, organizationId: number, email: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is not', null)
    .where('is_guest', '=', 0)
    .executeTakeFirst();

/** Another member of any organization holds this e-mail (users' e-mails are unique across the platform). */
export async function userNameTaken(db: Db, organizationId: number, userName: string, exceptUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('scim_users')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .where('user_id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveScimUser(
  db: Db,
  row: { user_id: number; organization_id: number; user_name: string; external_id: string | null; active: number },
): Promise<void> {
  const t = now();
  await db
    .insertInto('scim_users')
    .values({ ...row, updated_at: t })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ user_name: row.user_name, external_id: row.external_id, active: row.active, updated_at: t }))
    .execute();
}

export async function deleteScimUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('scim_users').where('user_id', '=', userId).execute();
}

// ---- groups: the organization's teams with their live members

export async function scimGroupsPage(db: Db, organizationId: number, offset: number, limit: number, name?: string) {
  let teams = db
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null);
  if (name !== undefined) teams = teams.where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  const [total, rows] = await Promise.all([
    teams
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    limit === 0 ? Promise.resolve([]) : teams.orderBy('id').offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(total.n), rows };
}

export const findScimGroup = (db: Db, organizationId: number, teamId: number) =>
  db
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', teamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function groupMembers(db: Db, organizationId: number, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'last_name', 'team_id'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('team_id', 'in', teamIds)
    .orderBy('id')
    .execute();
}

/** Which of these ids are live members of the organization. */
export async function liveMemberIds(db: Db, organizationId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('is_guest', '=', 0)
    .where('id', 'in', userIds)
    .execute();
  return rows.map((r) => r.id);
}
