import type { Db } from '../../db/client.ts';

export type SignoffValues = {
  organizationId: number;
  stationId: number;
  userId: number;
  signedBy: number;
  signedByName: string;
  signedAt: number;
  comment: string;
  checklist: { item: string; checked: boolean }[];
  evidence: { video_id: number; title: string; revision: number; completed_at: string }[];
};

export async function insertSignoff(db: Db, v: SignoffValues): Promise<number> {
  const row = await db
    .insertInto('signoffs')
    .values({
      organization_id: v.organizationId,
      station_id: v.stationId,
      user_id: v.userId,
      signed_by: v.signedBy,
      signed_by_name: v.signedByName,
      signed_at: v.signedAt,
      comment: v.comment,
      checklist: JSON.stringify(v.checklist),
      evidence: JSON.stringify(v.evidence),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sign-offs of the organization, newest first, with the station's and the person's names. */
export async function findSignoffs(db: Db, organizationId: number, filter: { stationId?: number; userId?: number; ids?: number[] }) {
  let query = db
    .selectFrom('signoffs as so')
    .innerJoin('stations as s', 's.id', 'so.station_id')
    .innerJoin('users as u', 'u.id', 'so.user_id')
    .select([
      'so.id',
      'so.station_id',
      's.name as station_name',
      'so.user_id',
      'u.name',
      'u.last_name',
      'so.signed_by_name',
      'so.signed_at',
      'so.comment',
      'so.checklist',
      'so.evidence',
    ])
    .where('so.organization_id', '=', organizationId);
  if (filter.stationId !== undefined) query = query.where('so.station_id', '=', filter.stationId);
  if (filter.userId !== undefined) query = query.where('so.user_id', '=', filter.userId);
  if (filter.ids) query = query.where('so.id', 'in', filter.ids.length ? filter.ids : [0]);
  return query.orderBy('so.signed_at', 'desc').orderBy('so.id', 'desc').limit(500).execute();
}

export type SignoffRow = Awaited<ReturnType<typeof findSignoffs>>[number];
