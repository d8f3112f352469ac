import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { renewCatalogVersion } from '../settings/index.ts';

/** A live (not deleted) team of the organization, by id or by its exact name (the people directory takes either). */
export const findTeam = (db: Db, organizationId: number, team: number | string) =>
  db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where(typeof team === 'number' ? 'id' : 'name', '=', team)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function listTeams(db: Db, organizationId: number) {
  const rows = await db
    .selectFrom('teams as t')
    .leftJoin('users as u', (j) => j.onRef('u.team_id', '=', 't.id').on('u.deleted_at', 'is', null))
    .select((eb) => ['t.id', 't.name', eb.fn.count<number>('u.id').as('members_count')])
    .where('t.organization_id', '=', organizationId)
    .where('t.deleted_at', 'is', null)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({ ...r, members_count: Number(r.members_count) }));
}

export async function teamNameTaken(db: Db, organizationId: number, name: string, exceptTeamId?: number): Promise<boolean> {
  let q = db
    .selectFrom('teams')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptTeamId !== undefined) q = q.where('id', '!=', exceptTeamId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertTeam(db: Db, organizationId: number, name: string): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('teams')
    .values({ organization_id: organizationId, name, deleted_at: null, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameTeam(db: Db, organizationId: number, teamId: number, name: string): Promise<void> {
  await db.updateTable('teams').set({ name, updated_at: now() }).where('organization_id', '=', organizationId).where('id', '=', teamId).execute();
}

/** How many of these ids are live users of the organization. */
export async function countOrganizationUsers(db: Db, organizationId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', userIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function softDeleteTeam(db: Db, organizationId: number, teamId: number): Promise<void> {
  const t = now();
  await db.updateTable('teams').set({ deleted_at: t, updated_at: t }).where('organization_id', '=', organizationId).where('id', '=', teamId).execute();
  // The team's own path no longer applies to anyone.
  await renewCatalogVersion(db);
}

export const teamMembers = (db: Db, organizationId: number, teamId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'last_name', 'created_at', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('last_name')
    .execute();

/** The team of that name in the organization, created when it does not exist yet. */
export async function findOrCreateTeam(db: Db, organizationId: number, name: string): Promise<number> {
  const existing = await db
    .selectFrom('teams')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return existing ? existing.id : insertTeam(db, organizationId, name);
}

/** The organization's live teams by id and name (a handful to a few hundred): what a people search matches team names against. */
export const organizationTeamNames = (db: Db, organizationId: number) =>
  db.selectFrom('teams').select(['id', 'name']).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).execute();
