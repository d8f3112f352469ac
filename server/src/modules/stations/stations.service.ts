import type { Station, StationChoicesData, StationsData, stationInput } from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { listTeams } from '../organization/index.ts';
import { peopleOf } from './organization-people.queries.ts';
import { assertCanManageQualifications, assertCanReadStations } from './stations.policy.ts';
import {
  existingRequirementTargets,
  findStation,
  insertStation,
  listStations,
  replaceRequirements,
  replaceTrainers,
  requiredVideosOf,
  requirementChoices,
  requirementsOf,
  retireStation,
  type StationRow,
  stationCounts,
  trainersOf,
  updateStation,
} from './stations.queries.ts';

export const STATION_NOT_FOUND = 'No such station in your organization.';
export const NOT_IN_ORGANIZATION = 'Everyone must be a member of your organization.';
export const PERSON_NOT_FOUND = 'No such person in your organization.';

/** The stations with their requirements, trainers and counts (a fixed number of statements, whatever their number). */
async function describeStations(db: Db, rows: StationRow[]): Promise<Station[]> {
  const ids = rows.map((r) => r.id);
  const [requirements, trainers, counts, videos] = await Promise.all([
    requirementsOf(db, ids),
    trainersOf(db, ids),
    stationCounts(db, ids),
    requiredVideosOf(db, ids),
  ]);
  return rows.map((s) => {
    const count = counts.find((c) => c.station_id === s.id);
    return {
      id: s.id,
      kind: s.kind,
      name: s.name,
      description: s.description,
      requirements: requirements
        .filter((r) => r.station_id === s.id)
        .map((r) => ({
          kind: r.kind,
          id: r.ref_id,
          name: r.category_name ?? r.sub_category_name ?? r.video_title ?? '',
          requires_check: r.requires_check === 1,
        })),
      required_video_count: videos.filter((v) => v.station_id === s.id).length,
      checklist: s.checklist,
      validity_months: s.validity_months,
      warning_days: s.warning_days,
      due_days: s.due_days,
      min_per_shift: s.min_per_shift,
      trainers: trainers.filter((tr) => tr.station_id === s.id).map((tr) => ({ user_id: tr.user_id, name: fullName(tr) })),
      assigned_count: Number(count?.assigned ?? 0),
      qualified_count: Number(count?.qualified ?? 0),
    };
  });
}

export async function stationsOf(ctx: AppContext, caller: Caller, organizationId: number): Promise<StationsData> {
  assertCanReadStations(caller, organizationId);
  return { stations: await describeStations(ctx.db, await listStations(ctx.db, organizationId)) };
}

export async function stationChoices(ctx: AppContext, caller: Caller, organizationId: number): Promise<StationChoicesData> {
  assertCanManageQualifications(caller, organizationId);
  const [catalog, people, teams] = await Promise.all([requirementChoices(ctx.db), peopleOf(ctx.db, organizationId), listTeams(ctx.db, organizationId)]);
  return {
    categories: catalog.categories.map((c) => ({
      id: c.id,
      name: c.name,
      sub_categories: catalog.subCategories.filter((s) => s.category_id === c.id).map((s) => ({ id: s.id, name: s.name })),
    })),
    videos: catalog.videos,
    people: people.map((p) => ({ user_id: p.id, name: fullName(p), team_id: p.team_id })),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
  };
}

type StationInput = z.output<typeof stationInput>;
export type CheckedStationInput = Awaited<ReturnType<typeof checkedStationInput>>;

/** The form's input checked against the catalog and the organization's people (required training has no trainers). */
export async function checkedStationInput(db: Db, organizationId: number, input: StationInput) {
  const existing = await existingRequirementTargets(db, input.requirements);
  const missing = input.requirements.find((r) => !existing.has(`${r.kind}:${r.id}`));
  if (missing) throw badRequest(`The ${missing.kind.replace('_', '-')} ${missing.id} is not in the catalog.`);
  // Required training is completed by watching alone: nobody signs it off and no shift needs a minimum.
  const training = input.kind === 'training';
  const trainerIds = training ? [] : input.trainer_ids;
  const trainers = await peopleOf(db, organizationId, trainerIds);
  if (trainers.length !== trainerIds.length) throw notFound(NOT_IN_ORGANIZATION);
  const { requirements, trainer_ids: _trainers, ...values } = input;
  return { values: training ? { ...values, min_per_shift: 0 } : values, requirements, trainerIds };
}

export async function stationOrFail(db: Db, organizationId: number, stationId: number): Promise<StationRow> {
  const station = await findStation(db, organizationId, stationId);
  if (!station) throw notFound(STATION_NOT_FOUND);
  return station;
}

export async function describeStation(db: Db, organizationId: number, stationId: number): Promise<Station> {
  const [station] = await describeStations(db, [await stationOrFail(db, organizationId, stationId)]);
  return station!;
}

export async function createStation(ctx: AppContext, caller: Caller, organizationId: number, input: StationInput): Promise<Station> {
  assertCanManageQualifications(caller, organizationId);
  const { values, requirements, trainerIds } = await checkedStationInput(ctx.db, organizationId, input);
  const stationId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertStation(trx, organizationId, values, now());
    await replaceRequirements(trx, id, requirements);
    await replaceTrainers(trx, id, trainerIds);
    return id;
  });
  return describeStation(ctx.db, organizationId, stationId);
}

/** Writes an edited station's settings, requirements and trainers in the caller's transaction. */
export async function writeStation(trx: Db, stationId: number, input: CheckedStationInput, t: number): Promise<void> {
  await updateStation(trx, stationId, input.values, t);
  await replaceRequirements(trx, stationId, input.requirements);
  await replaceTrainers(trx, stationId, input.trainerIds);
}

/** Retired stations leave the lists and the matrix; their evidence and sign-offs stay for the auditor. */
export async function retire(ctx: AppContext, caller: Caller, organizationId: number, stationId: number): Promise<void> {
  assertCanManageQualifications(caller, organizationId);
  await stationOrFail(ctx.db, organizationId, stationId);
  await retireStation(ctx.db, stationId, now());
}
