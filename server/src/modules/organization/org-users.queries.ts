import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

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

/** Soft delete: the row stays for history; the sessions end now and sign-in skips deleted users. */
export async function softDeleteUser(db: Db, organizationId: number, userId: number): Promise<void> {
  const t = now();
  await db.updateTable('users').set({ deleted_at: t, updated_at: t }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
  await db.updateTable('sessions').set({ revoked_at: t }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function updateOrganizationUser(
  db: Db,
  organizationId: number,
  userId: number,
  changes: { name: string; last_name: string; email: string; team_id: number; role: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, email: changes.email.toLowerCase(), updated_at: now() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}
