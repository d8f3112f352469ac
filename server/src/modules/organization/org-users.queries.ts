import type { Db } from '../../db/client.ts';

/** Live users of the organization with their team's name. */
function selectOrganizationUsers(db: Db, organizationId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('teams as t', (j) => j.onRef('t.id', '=', 'u.team_id').on('t.deleted_at', 'is', null))
    .select(['u.id', 'u.name', 'u.last_name', 'u.email', 'u.role', 'u.is_super_user', 't.id as team_id', 't.name as team'])
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
