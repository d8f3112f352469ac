import type { QualificationState, Shift } from '@mm/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { selectOffLoop } from '../../db/read-pool.ts';
import type { QualificationTable } from '../../db/schema.ts';
import { stationVideos } from '../stations/index.ts';

export type QualificationRow = {
  station_id: number;
  user_id: number;
  organization_id: number;
  state: QualificationState;
  required_count: number;
  completed_count: number;
  checks_required_count: number;
  checks_passed_count: number;
  assigned_at: number;
  due_at: number | null;
  cycle_started_at: number;
  qualified_at: number | null;
  expires_at: number | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** bigint columns come back from PostgreSQL as strings. */
function toRow(r: Record<string, unknown>): QualificationRow {
  return {
    station_id: Number(r.station_id),
    user_id: Number(r.user_id),
    organization_id: Number(r.organization_id),
    state: r.state as QualificationState,
    required_count: Number(r.required_count),
    completed_count: Number(r.completed_count),
    checks_required_count: Number(r.checks_required_count),
    checks_passed_count: Number(r.checks_passed_count),
    assigned_at: Number(r.assigned_at),
    due_at: num(r.due_at),
    cycle_started_at: Number(r.cycle_started_at),
    qualified_at: num(r.qualified_at),
    expires_at: num(r.expires_at),
  };
}

const qualificationColumns = [
  'q.station_id',
  'q.user_id',
  'q.organization_id',
  'q.state',
  'q.required_count',
  'q.completed_count',
  'q.checks_required_count',
  'q.checks_passed_count',
  'q.assigned_at',
  'q.due_at',
  'q.cycle_started_at',
  'q.qualified_at',
  'q.expires_at',
] as const;

/** Assigns people to a station (already assigned people keep their state) and answers who was newly assigned. */
export async function insertAssignments(db: Db, rows: { stationId: number; organizationId: number; userIds: number[]; dueAt: number; t: number }) {
  if (!rows.userIds.length) return [];
  const shifts = new Map(
    (await db.selectFrom('person_shifts').select(['user_id', 'shift']).where('user_id', 'in', rows.userIds).execute()).map((r) => [r.user_id, r.shift]),
  );
  const inserted = await db
    .insertInto('qualifications')
    .values(
      rows.userIds.map((user_id) => ({
        shift: shifts.get(user_id) ?? null,
        station_id: rows.stationId,
        user_id,
        organization_id: rows.organizationId,
        state: 'not_started' as const,
        required_count: 0,
        completed_count: 0,
        checks_required_count: 0,
        checks_passed_count: 0,
        assigned_at: rows.t,
        due_at: rows.dueAt,
        cycle_started_at: rows.t,
        qualified_at: null,
        expires_at: null,
        updated_at: rows.t,
      })),
    )
    .onConflict((oc) => oc.columns(['station_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.map((r) => r.user_id);
}

export async function deleteAssignment(db: Db, stationId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('qualifications').where('station_id', '=', stationId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type RefreshSource = QualificationRow & {
  required_now: number;
  completed_now: number;
  checks_required_now: number;
  checks_passed_now: number;
  last_signed_at: number | null;
};

/**
 * The kept rows to re-evaluate with the figures they are evaluated on: how many videos the station requires, how
 * many of them the person has an open completed record of, how many of their knowledge checks the station requires
 * and how many of those the person passed on the open record, and their last sign-off there. Reads the kept tables
 * only (training records, requirements, sign-offs), never the watch history.
 */
export async function refreshSources(db: Db, filter: { stationIds: number[]; userIds?: number[] }): Promise<RefreshSource[]> {
  if (!filter.stationIds.length) return [];
  let query = db
    .with('sv', () => stationVideos(db, filter.stationIds))
    .selectFrom('qualifications as q')
    .select(qualificationColumns)
    .select((eb) => [
      eb
        .selectFrom('sv')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sv.station_id', '=', 'q.station_id')
        .as('required_now'),
      eb
        .selectFrom('sv')
        .innerJoin('training_records as tr', 'tr.video_id', 'sv.video_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sv.station_id', '=', 'q.station_id')
        .whereRef('tr.user_id', '=', 'q.user_id')
        .where('tr.superseded_at', 'is', null)
        .where('tr.completed_at', 'is not', null)
        .as('completed_now'),
      eb
        .selectFrom('sv')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sv.station_id', '=', 'q.station_id')
        .where('sv.check_required', '=', 1)
        .as('checks_required_now'),
      eb
        .selectFrom('sv')
        .innerJoin('training_records as tr', 'tr.video_id', 'sv.video_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sv.station_id', '=', 'q.station_id')
        .where('sv.check_required', '=', 1)
        .whereRef('tr.user_id', '=', 'q.user_id')
        .where('tr.superseded_at', 'is', null)
        .where('tr.check_passed_at', 'is not', null)
        .as('checks_passed_now'),
      eb
        .selectFrom('signoffs as so')
        .select((e) => e.fn.max('so.signed_at').as('m'))
        .whereRef('so.station_id', '=', 'q.station_id')
        .whereRef('so.user_id', '=', 'q.user_id')
        .as('last_signed_at'),
    ])
    .where('q.station_id', 'in', filter.stationIds);
  if (filter.userIds) query = query.where('q.user_id', 'in', filter.userIds.length ? filter.userIds : [0]);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...toRow(r),
    required_now: Number(r.required_now),
    completed_now: Number(r.completed_now),
    checks_required_now: Number(r.checks_required_now),
    checks_passed_now: Number(r.checks_passed_now),
    last_signed_at: num(r.last_signed_at),
  }));
}

export type QualificationChange = Pick<QualificationTable, 'state' | 'required_count' | 'completed_count' | 'qualified_at' | 'expires_at'> &
  Partial<Pick<QualificationTable, 'cycle_started_at' | 'due_at' | 'checks_required_count' | 'checks_passed_count'>>;

/**
 * Writes a row's new figures, only if its state is still the one it was evaluated from: several instances (the
 * daily job on each, a watch report) may evaluate the same row, and only one of them carries out a transition.
 */
export async function updateQualification(
  db: Db,
  key: { stationId: number; userId: number; from: QualificationState },
  change: QualificationChange,
  t: number,
) {
  const result = await db
    .updateTable('qualifications')
    .set({ ...change, updated_at: t })
    .where('station_id', '=', key.stationId)
    .where('user_id', '=', key.userId)
    .where('state', '=', key.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A live member's standing at a station in one statement (the integrations' clearance call runs it for every MES
 * request): no row when the person is no live member of the organization; `warning_days` null when the organization
 * has no such live station; `state` null when the person is not assigned there. Compiled once.
 */
const memberStanding = compiledOnce((db: Db, organizationId: number, stationId: number, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('stations', (join) =>
      join.on('stations.id', '=', stationId).on('stations.organization_id', '=', organizationId).on('stations.retired_at', 'is', null),
    )
    .leftJoin('qualifications', (join) =>
      join
        .onRef('qualifications.station_id', '=', 'stations.id')
        .onRef('qualifications.user_id', '=', 'users.id')
        .on('qualifications.organization_id', '=', organizationId),
    )
    .select(['stations.warning_days', 'qualifications.state', 'qualifications.expires_at'])
    .where('users.id', '=', userId)
    .where('users.organization_id', '=', organizationId)
    .where('users.deleted_at', 'is', null)
    .where('users.is_guest', '=', 0),
);

export const stationStanding = async (db: Db, organizationId: number, stationId: number, userId: number) =>
  (await memberStanding(db, organizationId, stationId, userId))[0];

/** The rows of one person (their stations in use). */
export async function qualificationsOfPerson(db: Db, organizationId: number, userId: number): Promise<QualificationRow[]> {
  const rows = await db
    .selectFrom('qualifications as q')
    .innerJoin('stations as s', 's.id', 'q.station_id')
    .select(qualificationColumns)
    .where('q.organization_id', '=', organizationId)
    .where('q.user_id', '=', userId)
    .where('s.retired_at', 'is', null)
    .orderBy('s.name')
    .execute();
  return rows.map(toRow);
}

export async function qualificationsOfStations(db: Db, stationIds: number[]): Promise<QualificationRow[]> {
  if (!stationIds.length) return [];
  return (await db.selectFrom('qualifications as q').select(qualificationColumns).where('q.station_id', 'in', stationIds).execute()).map(toRow);
}

export type MatrixFilter = { teamId?: number | undefined; shift?: Shift | undefined };

/** The organization's people assigned to at least one station in use, filtered, one page, with the total. */
export async function matrixPeople(db: Db, organizationId: number, filter: MatrixFilter, page: { skip: number; take: number }) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('teams as tm', 'tm.id', 'u.team_id')
    .leftJoin('person_shifts as ps', 'ps.user_id', 'u.id')
    .select(['u.id as user_id', 'u.name', 'u.last_name', 'tm.name as team_name', 'ps.shift', sql<number>`count(*) over ()`.as('total')])
    .where('u.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('qualifications as q')
          .innerJoin('stations as s', 's.id', 'q.station_id')
          .select('q.user_id')
          .whereRef('q.user_id', '=', 'u.id')
          .where('s.retired_at', 'is', null),
      ),
    );
  if (filter.teamId !== undefined) query = query.where('u.team_id', '=', filter.teamId);
  if (filter.shift !== undefined) query = query.where('ps.shift', '=', filter.shift);
  const rows = await selectOffLoop(db, query.orderBy('u.name').orderBy('u.last_name').orderBy('u.id').offset(page.skip).limit(page.take));
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** The matrix cells of these people: only the columns a cell shows. */
export async function matrixCells(db: Db, userIds: number[], stationIds: number[]) {
  if (!userIds.length || !stationIds.length) return [];
  const rows = await selectOffLoop(
    db,
    db
      .selectFrom('qualifications as q')
      .select([
        'q.user_id',
        'q.station_id',
        'q.state',
        'q.due_at',
        'q.expires_at',
        'q.required_count',
        'q.completed_count',
        'q.checks_required_count',
        'q.checks_passed_count',
      ])
      // Whether a sign-off counts for the current cycle (the person's few sign-offs at the station, by index).
      .select(({ exists, selectFrom }) =>
        exists(
          selectFrom('signoffs as so')
            .select('so.user_id')
            .whereRef('so.station_id', '=', 'q.station_id')
            .whereRef('so.user_id', '=', 'q.user_id')
            .whereRef('so.signed_at', '>=', 'q.cycle_started_at'),
        ).as('signed'),
      )
      .where('q.user_id', 'in', userIds)
      .where('q.station_id', 'in', stationIds),
  );
  return rows.map((r) => ({
    ...r,
    due_at: num(r.due_at),
    expires_at: num(r.expires_at),
    required_count: Number(r.required_count),
    completed_count: Number(r.completed_count),
    checks_required_count: Number(r.checks_required_count),
    checks_passed_count: Number(r.checks_passed_count),
    signed: Boolean(r.signed),
  }));
}

/**
 * Cleared people per station and shift (people without a shift are not counted toward any shift), from the
 * partial index of cleared rows: the condition on `state` is written as the index's, so both engines use it.
 */
export async function coverage(db: Db, stationIds: number[], t: number) {
  if (!stationIds.length) return [];
  return db
    .selectFrom('qualifications as q')
    .select((eb) => ['q.station_id', 'q.shift', eb.fn.countAll<number>().as('qualified')])
    .where('q.station_id', 'in', stationIds)
    .where(sql<boolean>`q.state in ('qualified', 'expiring')`)
    .where('q.shift', 'is not', null)
    .where((eb) => eb.or([eb('q.expires_at', 'is', null), eb('q.expires_at', '>', t)]))
    .groupBy(['q.station_id', 'q.shift'])
    .execute();
}

/** Stations per statement of the closest-to-qualifying union (SQLite allows 500 terms in a compound select). */
const CLOSEST_STATIONS_PER_STATEMENT = 200;

/**
 * Per station, the assigned people not cleared, most completed videos first: one short range of the partial index
 * per station (a UNION ALL of per-station LIMITs), never a ranking of every row of the organization.
 */
export async function closestToQualifying(db: Db, stationIds: number[], perStation: number) {
  const rows = [];
  for (let i = 0; i < stationIds.length; i += CLOSEST_STATIONS_PER_STATEMENT) {
    const arms = stationIds
      .slice(i, i + CLOSEST_STATIONS_PER_STATEMENT)
      .map((stationId) =>
        db
          .selectFrom(
            db
              .selectFrom('qualifications as q')
              .innerJoin('users as u', 'u.id', 'q.user_id')
              .select(['q.station_id', 'q.user_id', 'u.name', 'u.last_name', 'q.completed_count', 'q.required_count'])
              .where('q.station_id', '=', stationId)
              .where(sql<boolean>`q.state not in ('qualified', 'expiring')`)
              .where('u.deleted_at', 'is', null)
              .orderBy('q.completed_count', 'desc')
              .orderBy('q.assigned_at')
              .orderBy('q.user_id')
              .limit(perStation)
              .as('closest'),
          )
          .selectAll(),
      );
    rows.push(...(await arms.reduce((all, arm) => all.unionAll(arm)).execute()));
  }
  return rows;
}

export async function setShift(db: Db, organizationId: number, userId: number, shift: Shift | null): Promise<void> {
  await db.updateTable('qualifications').set({ shift }).where('user_id', '=', userId).execute();
  if (shift === null) {
    await db.deleteFrom('person_shifts').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('person_shifts')
    .values({ user_id: userId, organization_id: organizationId, shift })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ shift, organization_id: organizationId }))
    .execute();
}

/** The shifts of people new to the organization (the CSV import): they have no qualification rows yet to carry one. */
export async function setNewPeopleShifts(db: Db, organizationId: number, shifts: { userId: number; shift: Shift }[]): Promise<void> {
  for (let i = 0; i < shifts.length; i += 1000) {
    const rows = shifts.slice(i, i + 1000).map(({ userId, shift }) => ({ user_id: userId, organization_id: organizationId, shift }));
    if (rows.length > 0) await db.insertInto('person_shifts').values(rows).execute();
  }
}

export async function shiftOf(db: Db, userId: number): Promise<Shift | null> {
  const row = await db.selectFrom('person_shifts').select('shift').where('user_id', '=', userId).executeTakeFirst();
  return row?.shift ?? null;
}

/** Held qualifications the clock has reached: into the warning period or past the expiry date. */
export async function heldReachedByClock(db: Db, t: number) {
  const rows = await db
    .selectFrom('qualifications as q')
    .innerJoin('stations as s', 's.id', 'q.station_id')
    .select([...qualificationColumns, 's.warning_days'])
    .where('s.retired_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('q.state', '=', 'expiring'), eb('q.expires_at', '<=', t)]),
        eb.and([
          eb('q.state', '=', 'qualified'),
          eb('q.expires_at', 'is not', null),
          eb(sql`q.expires_at - s.warning_days * cast(86400000 as bigint)`, '<=', t),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => ({ ...toRow(r), warning_days: r.warning_days }));
}

/** Assignments not cleared with a due date before `until`, with the person's name, e-mail and time zone. */
export async function dueAssignments(db: Db, until: number) {
  return db
    .selectFrom('qualifications as q')
    .innerJoin('stations as s', 's.id', 'q.station_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .innerJoin('organizations as o', 'o.id', 'q.organization_id')
    .select([
      'q.organization_id',
      'q.user_id',
      'q.state',
      'q.due_at',
      's.name as station_name',
      'u.name',
      'u.last_name',
      'u.email',
      'u.timezone',
      'u.locale',
      'o.default_locale as organization_locale',
    ])
    .where('s.retired_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .where('q.state', 'not in', ['qualified', 'expiring'])
    .where('q.due_at', 'is not', null)
    .where('q.due_at', '<=', until)
    .orderBy('q.due_at')
    .execute();
}

/** Claims the recipient's digest for their local day: true for exactly one caller, whatever the number of instances. */
export async function claimDigest(db: Db, userId: number, day: string, t: number): Promise<boolean> {
  const row = await db
    .insertInto('qualification_digests')
    .values({ user_id: userId, day, sent_at: t })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When a member's category certificates expire: the earliest expiry of the required training (with a validity) that
 * requires the whole category and that the member holds or held. Categories without one do not expire.
 */
export async function certificateExpiries(db: Db, userId: number, categoryIds: number[]): Promise<Map<number, number>> {
  if (!categoryIds.length) return new Map();
  const rows = await db
    .selectFrom('qualifications as q')
    .innerJoin('stations as s', 's.id', 'q.station_id')
    .innerJoin('station_requirements as sr', 'sr.station_id', 's.id')
    .select((eb) => ['sr.ref_id as category_id', eb.fn.min('q.expires_at').as('expires_at')])
    .where('q.user_id', '=', userId)
    .where('s.kind', '=', 'training')
    .where('s.retired_at', 'is', null)
    .where('q.expires_at', 'is not', null)
    .where('sr.kind', '=', 'category')
    .where('sr.ref_id', 'in', categoryIds)
    .groupBy('sr.ref_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.expires_at)]));
}
