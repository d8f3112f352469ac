import type { Db } from '../../db/client.ts';
import { superUsersOf } from '../stations/index.ts';

/** Who signs people off at a station: its trainers, or the organization's super users when it names none. */
export async function stationSigners(db: Db, organizationId: number, stationId: number) {
  const trainers = await db
    .selectFrom('station_trainers as st')
    .innerJoin('users as u', 'u.id', 'st.user_id')
    .select(['u.id', 'u.name', 'u.last_name', 'u.email'])
    .where('st.station_id', '=', stationId)
    .where('u.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .execute();
  return trainers.length ? trainers : superUsersOf(db, [organizationId]);
}

/** When the person last asked for sign-off at the station; null when never. */
export async function lastSignoffRequest(db: Db, stationId: number, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('signoff_requests')
    .select('requested_at')
    .where('station_id', '=', stationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.requested_at) : null;
}

/** Records a request unless one was made since `notBefore`: true for exactly one of concurrent callers. */
export async function claimSignoffRequest(db: Db, stationId: number, userId: number, t: number, notBefore: number): Promise<boolean> {
  const row = await db
    .insertInto('signoff_requests')
    .values({ station_id: stationId, user_id: userId, requested_at: t })
    .onConflict((oc) => oc.columns(['station_id', 'user_id']).doUpdateSet({ requested_at: t }).where('signoff_requests.requested_at', '<', notBefore))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
