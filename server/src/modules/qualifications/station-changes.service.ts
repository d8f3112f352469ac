import type { AssignStationData, assignStationRequest, Station, stationInput } from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { formatDay, now } from '../../lib/clock.ts';
import { NO_SUCH_TEAM, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { appendEvidence } from '../evidence/index.ts';
import { insertNotices, type NoticeText } from '../notices/index.ts';
import { findTeam } from '../organization/index.ts';
import {
  assertCanManageQualifications,
  checkedStationInput,
  describeStation,
  NOT_IN_ORGANIZATION,
  peopleOf,
  type StationRow,
  stationOrFail,
  teamMemberIds,
  writeStation,
} from '../stations/index.ts';
import { dueAfter, QUALIFICATION_NOTICE, refreshQualifications } from './qualification-state.ts';
import { deleteAssignment, insertAssignments } from './qualifications.queries.ts';

/**
 * The changes to a station that move people's qualifications, each in one transaction with its evidence and the
 * re-evaluation: its requirements edited, people assigned to it or unassigned (the qualification rows are this
 * module's). Creating, listing and retiring stations are the stations module's.
 */

type StationInput = z.output<typeof stationInput>;

/** New requirements or checklist apply at once: everyone assigned is re-evaluated in the same transaction. */
export async function editStation(ctx: AppContext, caller: Caller, organizationId: number, stationId: number, input: StationInput): Promise<Station> {
  assertCanManageQualifications(caller, organizationId);
  await stationOrFail(ctx.db, organizationId, stationId);
  const checked = await checkedStationInput(ctx.db, organizationId, input);
  const { values, requirements } = checked;
  const t = now();
  await ctx.db.transaction().execute(async (trx) => {
    await writeStation(trx, stationId, checked, t);
    await appendEvidence(trx, organizationId, [
      {
        kind: 'requirements_changed',
        at: t,
        user_id: caller.userId,
        station_id: stationId,
        video_id: null,
        revision: null,
        detail: { station: values.name, requirements, checklist: values.checklist, validity_months: values.validity_months },
      },
    ]);
    await refreshQualifications(ctx.events, trx, { stationIds: [stationId] }, t);
  });
  return describeStation(ctx.db, organizationId, stationId);
}

const assignmentNotice = (station: StationRow, dueAt: number): NoticeText => ({
  key: station.kind === 'training' ? 'requiredTraining' : 'assignedToTrain',
  values: { station: station.name, day: formatDay(dueAt) },
});

export async function assignStation(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  stationId: number,
  input: z.output<typeof assignStationRequest>,
): Promise<AssignStationData> {
  assertCanManageQualifications(caller, organizationId);
  const station = await stationOrFail(ctx.db, organizationId, stationId);
  if (input.team_id !== undefined && !(await findTeam(ctx.db, organizationId, input.team_id))) throw notFound(NO_SUCH_TEAM);
  const people = await peopleOf(ctx.db, organizationId, input.user_ids);
  if (people.length !== new Set(input.user_ids).size) throw notFound(NOT_IN_ORGANIZATION);
  const userIds = [...new Set([...input.user_ids, ...(input.team_id === undefined ? [] : await teamMemberIds(ctx.db, organizationId, input.team_id))])];
  const t = now();
  const dueAt = dueAfter(station, t);
  const assigned = await ctx.db.transaction().execute(async (trx) => {
    const added = await insertAssignments(trx, { stationId, organizationId, userIds, dueAt, t });
    await appendEvidence(
      trx,
      organizationId,
      added.map((userId) => ({
        kind: 'assigned',
        at: t,
        user_id: userId,
        station_id: stationId,
        video_id: null,
        revision: null,
        detail: { station: station.name, by: caller.userId },
      })),
    );
    await insertNotices(
      trx,
      added.map((userId) => ({ userId, senderId: caller.userId, kind: QUALIFICATION_NOTICE, text: assignmentNotice(station, dueAt) })),
      t,
    );
    // What the newly assigned already completed counts at once.
    await refreshQualifications(ctx.events, trx, { stationIds: [stationId], userIds: added }, t);
    return added.length;
  });
  return { assigned };
}

export async function unassignStation(ctx: AppContext, caller: Caller, organizationId: number, stationId: number, userId: number): Promise<void> {
  assertCanManageQualifications(caller, organizationId);
  const station = await stationOrFail(ctx.db, organizationId, stationId);
  const t = now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteAssignment(trx, stationId, userId))) throw notFound('This person is not assigned to the station.');
    await appendEvidence(trx, organizationId, [
      {
        kind: 'unassigned',
        at: t,
        user_id: userId,
        station_id: stationId,
        video_id: null,
        revision: null,
        detail: { station: station.name, by: caller.userId },
      },
    ]);
  });
}
