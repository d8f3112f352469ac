import {
  csvLine,
  type MatrixCell,
  type MatrixData,
  type matrixQuery,
  type PersonQualificationsData,
  QUALIFICATION_STATE_LABELS,
  type QualificationDetail,
  SHIFT_LABELS,
  SHIFTS,
  type Shift,
  type SignoffRecord,
} from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { DAY, formatDay, now, toIso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import type { CurrentStanding } from '../evidence/index.ts';
import {
  assertCanManageQualifications,
  listStations,
  PERSON_NOT_FOUND,
  peopleOf,
  requiredVideosOf,
  type StationRow,
  stationsTrainedBy,
} from '../stations/index.ts';
import { lastPracticalChecks } from './practical-checks.queries.ts';
import { assertCanReadPerson, maySignOff } from './qualifications.policy.ts';
import {
  closestToQualifying,
  coverage,
  type MatrixFilter,
  matrixCells,
  matrixPeople,
  qualificationsOfPerson,
  qualificationsOfStations,
  setShift,
  shiftOf,
} from './qualifications.queries.ts';
import { clockState, isCleared, missingSteps } from './qualifications.rules.ts';
import { findSignoffs, type SignoffRow } from './signoffs.queries.ts';
import { openRecords } from './training-records.queries.ts';

const CLOSEST_PER_STATION = 3;

export const signoffRecordOf = (row: SignoffRow): SignoffRecord => ({
  id: row.id,
  station_id: row.station_id,
  station_name: row.station_name,
  user_id: row.user_id,
  person_name: fullName(row),
  signed_by_name: row.signed_by_name,
  signed_at: toIso(Number(row.signed_at)) ?? '',
  comment: row.comment,
  checklist: JSON.parse(row.checklist),
  evidence: JSON.parse(row.evidence),
});

/** The last practical check at a station, as the person page says it: a failed one names its failed steps. */
function practicalSummaryOf(row: { id: number; recorded_at: number | string; passed: number; trainer_name: string; steps: string } | undefined) {
  if (!row) return null;
  const steps = JSON.parse(row.steps) as { item: string; passed: boolean }[];
  return {
    id: row.id,
    recorded_at: toIso(Number(row.recorded_at)) ?? '',
    passed: row.passed === 1,
    trainer_name: row.trainer_name,
    failed_steps: steps.filter((s) => !s.passed).map((s) => s.item),
  };
}

/** A person at each of their stations: state (with the clock applied), what is required and done, the last sign-off. */
export async function personQualifications(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  userId: number = caller.userId,
): Promise<PersonQualificationsData> {
  const trainerAt = new Set(await stationsTrainedBy(ctx.db, caller.userId));
  const rows = await qualificationsOfPerson(ctx.db, organizationId, userId);
  assertCanReadPerson(
    caller,
    organizationId,
    userId,
    rows.some((r) => trainerAt.has(r.station_id)),
  );
  const [person] = await peopleOf(ctx.db, organizationId, [userId]);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  const stationIds = rows.map((r) => r.station_id);
  const [stations, videos, signoffs, practicals, shift, trainsAt] = await Promise.all([
    listStations(ctx.db, organizationId, stationIds),
    requiredVideosOf(ctx.db, stationIds),
    findSignoffs(ctx.db, organizationId, { userId }),
    lastPracticalChecks(ctx.db, organizationId, userId),
    shiftOf(ctx.db, userId),
    userId === caller.userId ? [...trainerAt] : stationsTrainedBy(ctx.db, userId),
  ]);
  const trainedStations = await listStations(ctx.db, organizationId, trainsAt);
  const records = await openRecords(
    ctx.db,
    [userId],
    videos.map((v) => v.video_id),
  );
  const t = now();
  const details: QualificationDetail[] = [];
  for (const row of rows) {
    const station = stations.find((s) => s.id === row.station_id);
    if (!station) continue;
    const last = signoffs.find((s) => s.station_id === row.station_id);
    const state = clockState(row.state, row.expires_at, station.warning_days, t);
    const required = videos
      .filter((v) => v.station_id === station.id)
      .map((v) => {
        const record = records.find((r) => r.video_id === v.video_id);
        const completedAt = record?.completed_at ?? null;
        return {
          video_id: v.video_id,
          title: v.title,
          revision: v.revision,
          completed_revision: completedAt === null ? null : (record?.revision ?? null),
          completed_at: toIso(completedAt),
          check_required: v.check_required === 1,
          check_passed_at: v.check_required === 1 ? toIso(record?.check_passed_at ?? null) : null,
        };
      });
    const checks = required.filter((v) => v.check_required);
    details.push({
      station_id: station.id,
      station_name: station.name,
      station_kind: station.kind,
      state,
      assigned_at: toIso(row.assigned_at) ?? '',
      due_at: toIso(row.due_at),
      qualified_at: toIso(row.qualified_at),
      expires_at: toIso(row.expires_at),
      required,
      missing: missingSteps({
        state,
        required: required.length,
        completed: required.filter((v) => v.completed_at !== null).length,
        checksRequired: checks.length,
        checksPassed: checks.filter((v) => v.check_passed_at !== null).length,
        needsSignoff: station.checklist.length > 0,
        signed: last !== undefined && Number(last.signed_at) >= row.cycle_started_at,
      }),
      checklist: station.checklist,
      last_signoff: last ? signoffRecordOf(last) : null,
      last_practical: practicalSummaryOf(practicals.get(station.id)),
      can_sign_off: station.checklist.length > 0 && state === 'awaiting_signoff' && maySignOff(caller, userId, trainerAt.has(station.id)),
    });
  }
  return {
    user_id: userId,
    name: fullName(person),
    shift,
    stations: details,
    trains_at: trainedStations.map((s) => ({ station_id: s.id, station_name: s.name })),
  };
}

/** The stations' rows with the clock applied at `t`: the current standing the audit pack prints (evidence's StandingReader). */
export async function currentStanding(db: Db, stations: StationRow[], t: number): Promise<CurrentStanding[]> {
  const warningDays = new Map(stations.map((s) => [s.id, s.warning_days]));
  const rows = await qualificationsOfStations(
    db,
    stations.map((s) => s.id),
  );
  return rows.map((r) => ({ ...r, state: clockState(r.state, r.expires_at, warningDays.get(r.station_id) ?? 0, t) }));
}

type MatrixInput = z.output<typeof matrixQuery>;

type MatrixPage = Pick<MatrixData, 'people' | 'total' | 'skip' | 'take'>;

/** One page of people with their cells (the clock applied), grouped once: a fixed number of statements per page. */
async function matrixPage(ctx: AppContext, organizationId: number, stations: StationRow[], query: MatrixInput, t: number): Promise<MatrixPage> {
  const filter: MatrixFilter = { teamId: query.team_id, shift: query.shift };
  const { rows: people, total } = await matrixPeople(ctx.db, organizationId, filter, { skip: query.skip, take: query.take });
  const rows = await matrixCells(
    ctx.db,
    people.map((p) => p.user_id),
    stations.map((s) => s.id),
  );
  const stationOf = new Map(stations.map((s) => [s.id, s]));
  const cellsOf = new Map<number, MatrixCell[]>();
  for (const c of rows) {
    const cells = cellsOf.get(c.user_id) ?? [];
    const station = stationOf.get(c.station_id);
    const state = clockState(c.state, c.expires_at, station?.warning_days ?? 0, t);
    cells.push({
      station_id: c.station_id,
      state,
      due_at: toIso(c.due_at),
      expires_at: toIso(c.expires_at),
      missing: missingSteps({
        state,
        required: c.required_count,
        completed: c.completed_count,
        checksRequired: c.checks_required_count,
        checksPassed: c.checks_passed_count,
        needsSignoff: (station?.checklist.length ?? 0) > 0,
        signed: c.signed,
      }),
    });
    cellsOf.set(c.user_id, cells);
  }
  return {
    people: people.map((p) => ({ user_id: p.user_id, name: fullName(p), team_name: p.team_name, shift: p.shift, cells: cellsOf.get(p.user_id) ?? [] })),
    total,
    skip: query.skip,
    take: query.take,
  };
}

/** One page of people with their cells, and per station the coverage by shift and the people closest to qualifying. */
export async function qualificationMatrix(ctx: AppContext, caller: Caller, organizationId: number, query: MatrixInput): Promise<MatrixData> {
  assertCanManageQualifications(caller, organizationId);
  const stations = await listStations(ctx.db, organizationId);
  const stationIds = stations.map((s) => s.id);
  const t = now();
  const [page, covered, closest] = await Promise.all([
    matrixPage(ctx, organizationId, stations, query, t),
    coverage(ctx.db, stationIds, t),
    closestToQualifying(ctx.db, stationIds, CLOSEST_PER_STATION),
  ]);
  return {
    stations: stations.map((s) => ({
      id: s.id,
      kind: s.kind,
      name: s.name,
      min_per_shift: s.min_per_shift,
      coverage: SHIFTS.map((shift) => ({ shift, qualified: Number(covered.find((c) => c.station_id === s.id && c.shift === shift)?.qualified ?? 0) })),
      closest: closest
        .filter((c) => c.station_id === s.id)
        .map((c) => ({ user_id: c.user_id, name: fullName(c), completed: Number(c.completed_count), required: Number(c.required_count) })),
    })),
    ...page,
  };
}

export async function assignShift(ctx: AppContext, caller: Caller, organizationId: number, userId: number, shift: Shift | null): Promise<void> {
  assertCanManageQualifications(caller, organizationId);
  const [person] = await peopleOf(ctx.db, organizationId, [userId]);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  await ctx.db.transaction().execute((trx) => setShift(trx, organizationId, userId, shift));
}

/** People per cells statement of the CSV. */
const CSV_CHUNK = 500;

/** The whole matrix (every person, same filters) as CSV: one row per person, one column per station. */
export async function qualificationMatrixCsv(ctx: AppContext, caller: Caller, organizationId: number, query: MatrixInput): Promise<string> {
  assertCanManageQualifications(caller, organizationId);
  const stations = await listStations(ctx.db, organizationId);
  const stationIds = stations.map((s) => s.id);
  const t = now();
  const { rows: people } = await matrixPeople(
    ctx.db,
    organizationId,
    { teamId: query.team_id, shift: query.shift },
    { skip: 0, take: Number.MAX_SAFE_INTEGER },
  );
  const lines = [csvLine(['Person', 'Team', 'Shift', ...stations.map((s) => s.name)])];
  // Expiry days repeat across thousands of cells: each (UTC) day is formatted once.
  const days = new Map<number, string>();
  const dayOf = (ms: number) => {
    const day = Math.floor(ms / DAY);
    return days.get(day) ?? days.set(day, formatDay(ms)).get(day)!;
  };
  for (let i = 0; i < people.length; i += CSV_CHUNK) {
    const chunk = people.slice(i, i + CSV_CHUNK);
    const cellOf = new Map<string, Awaited<ReturnType<typeof matrixCells>>[number]>();
    for (const row of await matrixCells(
      ctx.db,
      chunk.map((p) => p.user_id),
      stationIds,
    ))
      cellOf.set(`${row.user_id}:${row.station_id}`, row);
    for (const p of chunk)
      lines.push(
        csvLine([
          fullName(p),
          p.team_name,
          p.shift ? SHIFT_LABELS[p.shift] : null,
          ...stations.map((s) => {
            const cell = cellOf.get(`${p.user_id}:${s.id}`);
            if (!cell) return 'Not assigned';
            const state = clockState(cell.state, cell.expires_at, s.warning_days, t);
            return cell.expires_at !== null && isCleared(state)
              ? `${QUALIFICATION_STATE_LABELS[state]} until ${dayOf(cell.expires_at)}`
              : QUALIFICATION_STATE_LABELS[state];
          }),
        ]),
      );
  }
  return lines.join('');
}
