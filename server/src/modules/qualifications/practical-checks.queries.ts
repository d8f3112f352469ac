import type { Db } from '../../db/client.ts';

export type PracticalStepValue = { item: string; passed: boolean; note: string; photo_url: string | null };

export async function insertPracticalCheck(
  db: Db,
  v: {
    organizationId: number;
    stationId: number;
    userId: number;
    trainerId: number;
    trainerName: string;
    kioskId: number;
    recordedAt: number;
    passed: boolean;
    steps: PracticalStepValue[];
    signoffId: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('practical_checks')
    .values({
      organization_id: v.organizationId,
      station_id: v.stationId,
      user_id: v.userId,
      trainer_id: v.trainerId,
      trainer_name: v.trainerName,
      kiosk_id: v.kioskId,
      recorded_at: v.recordedAt,
      passed: v.passed ? 1 : 0,
      steps: JSON.stringify(v.steps),
      signoff_id: v.signoffId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The last practical check of a person at each station (newest first, one per station), scoped by organization. */
export async function lastPracticalChecks(db: Db, organizationId: number, userId: number) {
  const rows = await db
    .selectFrom('practical_checks')
    .select(['id', 'station_id', 'trainer_name', 'recorded_at', 'passed', 'steps'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const last = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!last.has(row.station_id)) last.set(row.station_id, row);
  return last;
}

/** One practical check of the organization with the station's and the person's names; undefined when not its own. */
export function findPracticalCheck(db: Db, organizationId: number, checkId: number) {
  return (
    db
      .selectFrom('practical_checks as pc')
      .innerJoin('stations as s', 's.id', 'pc.station_id')
      .innerJoin('users as u', 'u.id', 'pc.user_id')
      // The tablet it was recorded on (read only: kiosks are the kiosk module's), the organization's own.
      .leftJoin('kiosks as k', (join) => join.onRef('k.id', '=', 'pc.kiosk_id').onRef('k.organization_id', '=', 'pc.organization_id'))
      .select([
        'pc.id',
        'pc.station_id',
        's.name as station_name',
        'pc.user_id',
        'u.name',
        'u.last_name',
        'pc.trainer_name',
        'pc.recorded_at',
        'pc.passed',
        'pc.steps',
        'pc.signoff_id',
        'k.id as kiosk_id',
        'k.name as kiosk_name',
        'k.revoked_at as kiosk_revoked_at',
      ])
      .where('pc.organization_id', '=', organizationId)
      .where('pc.id', '=', checkId)
      .executeTakeFirst()
  );
}

/** A page of the practical checks recorded at a station of the organization, newest first (practical_checks_station_idx). */
export function stationPracticalChecks(db: Db, organizationId: number, stationId: number, page: { skip: number; take: number }) {
  return db
    .selectFrom('practical_checks as pc')
    .innerJoin('users as u', 'u.id', 'pc.user_id')
    .select(['pc.id', 'pc.user_id', 'u.name', 'u.last_name', 'pc.trainer_name', 'pc.recorded_at', 'pc.passed', 'pc.signoff_id'])
    .where('pc.organization_id', '=', organizationId)
    .where('pc.station_id', '=', stationId)
    .orderBy('pc.recorded_at', 'desc')
    .orderBy('pc.id', 'desc')
    .limit(page.take)
    .offset(page.skip)
    .execute();
}

/** How many practical checks were recorded at a station of the organization. */
export async function countStationPracticalChecks(db: Db, organizationId: number, stationId: number): Promise<number> {
  const row = await db
    .selectFrom('practical_checks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organization_id', '=', organizationId)
    .where('station_id', '=', stationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The live members of a kiosk's team assigned to each station in use that has a checklist. */
export function assignedTeamMembers(db: Db, organizationId: number, teamId: number) {
  return db
    .selectFrom('qualifications as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.station_id', 'u.id as user_id', 'u.name', 'u.last_name'])
    .where('q.organization_id', '=', organizationId)
    .where('u.organization_id', '=', organizationId)
    .where('u.team_id', '=', teamId)
    .where('u.deleted_at', 'is', null)
    .where('u.is_guest', '=', 0)
    .orderBy('u.name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}

/** The trainers named at the organization's stations. */
export function stationTrainersOf(db: Db, organizationId: number) {
  return db
    .selectFrom('station_trainers as st')
    .innerJoin('users as u', 'u.id', 'st.user_id')
    .select(['st.station_id', 'u.id as user_id', 'u.name', 'u.last_name'])
    .where('u.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .orderBy('u.last_name')
    .execute();
}
