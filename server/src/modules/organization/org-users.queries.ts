import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Live users of the organization with their team's name. */
function selectOrganizationUsers(db: Db, organizationId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('teams as t', (j) => j.onRef('t.id', '=', 'u.team_id').on('t.deleted_at', 'is', null))
    .leftJoin('users as m', (j) => j.onRef('m.id', '=', 'u.manager_id').on('m.deleted_at', 'is', null))
    .select(['u.id', 'u.name', 'u.last_name', 'u.email', 'u.employee_number', 'u.role', 'u.is_super_user', 'u.manager_id', 't.id as team_id', 't.name as team'])
    .select((eb) => eb.fn<string | null>('trim', [sql`${eb.ref('m.name')} || ' ' || ${eb.ref('m.last_name')}`]).as('manager_name'))
    .where('u.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null);
}

/** `exceptUserId` leaves the asking super user out (the manage-users list). */
export function listOrganizationUsers(db: Db, organizationId: number, exceptUserId?: number) {
  let q = selectOrganizationUsers(db, organizationId);
  if (exceptUserId !== undefined) q = q.where('u.id', '!=', exceptUserId);
  return q.orderBy('u.name').orderBy('u.last_name').orderBy('u.id').execute();
}

export const findOrganizationUser = (db: Db, organizationId: number, userId: number) =>
  selectOrganizationUsers(db, organizationId).where('u.id', '=', userId).executeTakeFirst();

/** What Manage users asks for one page: the searched words, each with the ids of the teams whose name holds it. */
export type ManagedUsersFilter = {
  exceptUserId: number;
  /** Normalized words (letters and digits only), every one to be found in the user's search text or team. */
  words: { word: string; teamIds: number[] }[];
  skip: number;
  take: number;
};

/**
 * A page of Manage users and how many match in all. A word matches anywhere in the user's search text (a part of a
 * name or address is enough, as people type) or names one of its teams; words hold only letters and digits, so none
 * is a LIKE wildcard.
 */
export async function managedUsersPage(db: Db, organizationId: number, filter: ManagedUsersFilter) {
  let q = selectOrganizationUsers(db, organizationId).where('u.id', '!=', filter.exceptUserId);
  for (const { word, teamIds } of filter.words) {
    q = q.where((eb) => eb.or([eb('u.search_text', 'like', `%${word}%`), ...(teamIds.length > 0 ? [eb('u.team_id', 'in', teamIds)] : [])]));
  }
  const [users, counted] = await Promise.all([
    q.orderBy('u.name').orderBy('u.last_name').orderBy('u.id').offset(filter.skip).limit(filter.take).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users, total: Number(counted.n) };
}
