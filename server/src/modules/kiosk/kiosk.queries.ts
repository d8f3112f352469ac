import { announceChange } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

/** The kiosks of an organization, newest first, with their team's name. */
export const listKiosks = (db: Db, organizationId: number) =>
  selectKiosks(db).where('k.organization_id', '=', organizationId).orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();

export const findKiosk = (db: Db, organizationId: number, kioskId: number) =>
  selectKiosks(db).where('k.organization_id', '=', organizationId).where('k.id', '=', kioskId).executeTakeFirst();

function selectKiosks(db: Db) {
  return db
    .selectFrom('kiosks as k')
    .innerJoin('teams as t', 't.id', 'k.team_id')
    .select(['k.id', 'k.name', 'k.team_id', 't.name as team', 'k.created_at', 'k.last_used_at', 'k.revoked_at']);
}

export type KioskRow = NonNullable<Awaited<ReturnType<typeof findKiosk>>>;

export async function insertKiosk(
  db: Db,
  kiosk: { organizationId: number; teamId: number; name: string; tokenHash: string; enrolledBy: number },
): Promise<number> {
  const row = await db
    .insertInto('kiosks')
    .values({
      organization_id: kiosk.organizationId,
      team_id: kiosk.teamId,
      name: kiosk.name,
      token_hash: kiosk.tokenHash,
      enrolled_by: kiosk.enrolledBy,
      created_at: now(),
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeKiosk(db: Db, organizationId: number, kioskId: number): Promise<void> {
  await db
    .updateTable('kiosks')
    .set({ revoked_at: now() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', kioskId)
    .where('revoked_at', 'is', null)
    .execute();
  // The sessions opened on it end with it, on every instance.
  await announceChange(db, `kiosk:${kioskId}`);
}

/** An enrolled, not revoked kiosk by its device token's hash, with its team (still live) and organization. */
export const findActiveKioskByTokenHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('kiosks as k')
    .innerJoin('teams as t', (j) => j.onRef('t.id', '=', 'k.team_id').on('t.deleted_at', 'is', null))
    .innerJoin('organizations as o', 'o.id', 'k.organization_id')
    .select(['k.id', 'k.organization_id', 'k.team_id', 'k.name', 't.name as team', 'o.name as organization'])
    .where('k.token_hash', '=', tokenHash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();

export type ActiveKiosk = NonNullable<Awaited<ReturnType<typeof findActiveKioskByTokenHash>>>;

export async function markKioskUsed(db: Db, kioskId: number): Promise<void> {
  await db.updateTable('kiosks').set({ last_used_at: now() }).where('id', '=', kioskId).execute();
}

/** The live members of a team, scoped by organization inside the query, with whether each has a PIN. */
function selectTeamMembers(db: Db, organizationId: number, teamId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('kiosk_pins as p', 'p.user_id', 'u.id')
    .where('u.organization_id', '=', organizationId)
    .where('u.team_id', '=', teamId)
    .where('u.deleted_at', 'is', null)
    .where('u.is_guest', '=', 0);
}

export const listTeamMembers = (db: Db, organizationId: number, teamId: number) =>
  selectTeamMembers(db, organizationId, teamId)
    .select(['u.id as user_id', 'u.name', 'u.last_name', 'u.picture', 'p.pin_hash'])
    .orderBy('u.name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();

export const findTeamMember = (db: Db, organizationId: number, teamId: number, userId: number) =>
  selectTeamMembers(db, organizationId, teamId)
    .select(['u.id', 'u.name', 'u.last_name', 'u.picture', 'p.pin_hash'])
    .where('u.id', '=', userId)
    .executeTakeFirst();

export async function hasPin(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('kiosk_pins').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function savePin(db: Db, userId: number, pinHash: string): Promise<void> {
  const t = now();
  await db
    .insertInto('kiosk_pins')
    .values({ user_id: userId, pin_hash: pinHash, updated_at: t })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, updated_at: t }))
    .execute();
}

/** The organization's live people among `userIds`, with their team's name (the locked people shown to a super user). */
export function listOrganizationPeople(db: Db, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select(['u.id', 'u.name', 'u.last_name', 't.name as team'])
    .where('u.organization_id', '=', organizationId)
    .where('u.id', 'in', userIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}

/** A live member of the organization (any team) with their PIN's hash: a trainer confirming a practical check. */
export const findOrganizationMember = (db: Db, organizationId: number, userId: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('kiosk_pins as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.last_name', 'p.pin_hash'])
    .where('u.organization_id', '=', organizationId)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where('u.is_guest', '=', 0)
    .executeTakeFirst();

/** Which of the people have a kiosk PIN. */
export async function pinHolders(db: Db, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.selectFrom('kiosk_pins').select('user_id').where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}
