import type { Db } from '../../db/client.ts';
import { fullName } from '../../lib/person-name.ts';

/** The organization's people (guest and deleted accounts left out), optionally only the given ids. */
export async function peopleOf(db: Db, organizationId: number, userIds?: number[]) {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'last_name', 'team_id', 'is_super_user', 'email', 'timezone'])
    .where('organization_id', '=', organizationId)
    .where('is_guest', '=', 0)
    .where('deleted_at', 'is', null);
  if (userIds) query = query.where('id', 'in', userIds.length ? userIds : [0]);
  return query.orderBy('name').orderBy('last_name').orderBy('id').execute();
}

export async function teamMemberIds(db: Db, organizationId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('team_id', '=', teamId)
    .where('is_guest', '=', 0)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Full names of the organization's people by id, deleted accounts included (evidence outlives accounts). */
export async function namesOf(db: Db, organizationId: number, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'last_name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}

/** The organization's super users (guest and deleted accounts left out), by name, with the language they read. */
export async function superUsersOf(db: Db, organizationIds: number[]) {
  if (!organizationIds.length) return [];
  return db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.organization_id',
      'users.name',
      'users.last_name',
      'users.email',
      'users.timezone',
      // The language their e-mails are written in (mail's recipientLocale).
      'users.locale',
      'organizations.default_locale as organization_locale',
    ])
    .where('users.organization_id', 'in', organizationIds)
    .where('users.is_super_user', '=', 1)
    .where('users.is_guest', '=', 0)
    .where('users.deleted_at', 'is', null)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}
