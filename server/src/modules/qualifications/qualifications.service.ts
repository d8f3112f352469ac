import {
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
import type { Caller } from '../../lib/auth.ts';
import { formatDay, now, toIso } from '../../lib/clock.ts';
import { csvLine } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { peopleOf } from './people.queries.ts';
import { assertCanManageQualifications, assertCanReadPerson, maySignOff } from './qualifications.policy.ts';
import {
  closestToQualifying,
  coverage,
  type MatrixFilter,
  matrixPeople,
  qualificationsOfPeople,
  qualificationsOfPerson,
  setShift,
  shiftOf,
} from './qualifications.queries.ts';
import { clockState, isCleared } from './qualifications.rules.ts';
import { findSignoffs, type SignoffRow } from './signoffs.queries.ts';
import { listStations, requiredVideosOf, stationsTrainedBy } from './stations.queries.ts';
import { completedRecords } from './training-records.queries.ts';

export const PERSON_NOT_FOUND = 'No such person in your organization.';
const CLOSEST_PER_STATION = 3;

const fullName = (p: { name: string; last_name: string }) => `${p.name} ${p.last_name}`.trim();

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
  const [stations, videos, signoffs, shift] = await Promise.all([
    listStations(ctx.db, organizationId, stationIds),
    requiredVideosOf(ctx.db, stationIds),
    findSignoffs(ctx.db, organizationId, { userId }),
    shiftOf(ctx.db, userId),
  ]);
  const records = await completedRecords(
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
    details.push({
      station_id: station.id,
      station_name: station.name,
      state,
      assigned_at: toIso(row.assigned_at) ?? '',
      due_at: toIso(row.due_at),
      qualified_at: toIso(row.qualified_at),
      expires_at: toIso(row.expires_at),
      required: videos
        .filter((v) => v.station_id === station.id)
        .map((v) => {
          const record = records.find((r) => r.video_id === v.video_id);
          return {
            video_id: v.video_id,
            title: v.title,
            revision: v.revision,
            completed_revision: record?.revision ?? null,
            completed_at: record ? toIso(Number(record.completed_at)) : null,
          };
        }),
      checklist: station.checklist,
      last_signoff: last ? signoffRecordOf(last) : null,
      can_sign_off: station.checklist.length > 0 && state === 'awaiting_signoff' && maySignOff(caller, userId, trainerAt.has(station.id)),
    });
  }
  return { user_id: userId, name: fullName(person), shift, stations: details };
}

type MatrixInput = z.output<typeof matrixQuery>;

/** One page of people with their cells, and per station the coverage by shift and the people closest to qualifying. */
export async function qualificationMatrix(ctx: AppContext, caller: Caller, organizationId: number, query: MatrixInput): Promise<MatrixData> {
  assertCanManageQualifications(caller, organizationId);
  const filter: MatrixFilter = { teamId: query.team_id, shift: query.shift };
  const stations = await listStations(ctx.db, organizationId);
  const stationIds = stations.map((s) => s.id);
  const t = now();
  const [{ rows: people, total }, covered, closest] = await Promise.all([
    matrixPeople(ctx.db, organizationId, filter, { skip: query.skip, take: query.take }),
    coverage(ctx.db, stationIds, t),
    closestToQualifying(ctx.db, stationIds, CLOSEST_PER_STATION),
  ]);
  const cells = await qualificationsOfPeople(
    ctx.db,
    people.map((p) => p.user_id),
    stationIds,
  );
  const warningOf = new Map(stations.map((s) => [s.id, s.warning_days]));
  return {
    stations: stations.map((s) => ({
      id: s.id,
      name: s.name,
      min_per_shift: s.min_per_shift,
      coverage: SHIFTS.map((shift) => ({ shift, qualified: Number(covered.find((c) => c.station_id === s.id && c.shift === shift)?.qualified ?? 0) })),
      closest: closest
        .filter((c) => c.station_id === s.id)
        .map((c) => ({ user_id: c.user_id, name: fullName(c), completed: Number(c.completed_count), required: Number(c.required_count) })),
    })),
    people: people.map((p) => ({
      user_id: p.user_id,
      name: fullName(p),
      team_name: p.team_name,
      shift: p.shift,
      cells: cells
        .filter((c) => c.user_id === p.user_id)
        .map((c) => ({
          station_id: c.station_id,
          state: clockState(c.state, c.expires_at, warningOf.get(c.station_id) ?? 0, t),
          due_at: toIso(c.due_at),
          expires_at: toIso(c.expires_at),
        })),
    })),
    total,
    skip: query.skip,
    take: query.take,
  };
}

export async function assignShift(ctx: AppContext, caller: Caller, organizationId: number, userId: number, shift: Shift | null): Promise<void> {
  assertCanManageQualifications(caller, organizationId);
  const [person] = await peopleOf(ctx.db, organizationId, [userId]);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  await setShift(ctx.db, organizationId, userId, shift);
}

const CSV_PAGE = 200;

/** The whole matrix (every page, same filters) as CSV: one row per person, one column per station. */
export async function qualificationMatrixCsv(ctx: AppContext, caller: Caller, organizationId: number, query: MatrixInput): Promise<string> {
  let page = await qualificationMatrix(ctx, caller, organizationId, { ...query, skip: 0, take: CSV_PAGE });
  const stations = page.stations;
  let out = csvLine(['Person', 'Team', 'Shift', ...stations.map((s) => s.name)]);
  for (;;) {
    for (const p of page.people) {
      out += csvLine([
        p.name,
        p.team_name,
        p.shift ? SHIFT_LABELS[p.shift] : null,
        ...stations.map((s) => {
          const cell = p.cells.find((c) => c.station_id === s.id);
          if (!cell) return 'Not assigned';
          const until = cell.expires_at && isCleared(cell.state) ? ` until ${formatDay(Date.parse(cell.expires_at))}` : '';
          return `${QUALIFICATION_STATE_LABELS[cell.state]}${until}`;
        }),
      ]);
    }
    const next = page.skip + page.people.length;
    if (!page.people.length || next >= page.total) return out;
    page = await qualificationMatrix(ctx, caller, organizationId, { ...query, skip: next, take: CSV_PAGE });
  }
}
