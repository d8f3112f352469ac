import type { RequirementKind, StationKind, StationRequirement } from '@mm/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A station's settings as stored; `checklist` parsed. */
export type StationRow = {
  id: number;
  organization_id: number;
  kind: StationKind;
  name: string;
  description: string;
  checklist: string[];
  validity_months: number | null;
  warning_days: number;
  due_days: number;
  min_per_shift: number;
};

export type StationValues = Omit<StationRow, 'id' | 'organization_id'>;

const stationColumns = [
  'stations.id',
  'stations.organization_id',
  'stations.kind',
  'stations.name',
  'stations.description',
  'stations.checklist',
  'stations.validity_months',
  'stations.warning_days',
  'stations.due_days',
  'stations.min_per_shift',
] as const;

const parsed = <T extends { checklist: string }>(row: T) => ({ ...row, checklist: JSON.parse(row.checklist) as string[] });

/** The organization's stations in use (retired ones keep their evidence but leave every list). */
export async function listStations(db: Db, organizationId: number, stationIds?: number[]): Promise<StationRow[]> {
  let query = db.selectFrom('stations').select(stationColumns).where('organization_id', '=', organizationId).where('retired_at', 'is', null);
  if (stationIds) query = query.where('stations.id', 'in', stationIds.length ? stationIds : [0]);
  // Work stations first, then required training; each by name.
  return (await query.orderBy('kind').orderBy('name').orderBy('id').execute()).map(parsed);
}

/** Stations in use by id, of any organization (the clock and catalog revisions cross organizations). */
export async function stationsByIds(db: Db, stationIds: number[]): Promise<StationRow[]> {
  if (!stationIds.length) return [];
  const rows = await db.selectFrom('stations').select(stationColumns).where('id', 'in', stationIds).where('retired_at', 'is', null).execute();
  return rows.map(parsed);
}

/** Per station: assigned people and those cleared (qualified or in the warning period). */
export async function stationCounts(db: Db, stationIds: number[]) {
  if (!stationIds.length) return [];
  return db
    .selectFrom('qualifications')
    .select((eb) => [
      'station_id',
      eb.fn.countAll<number>().as('assigned'),
      eb.fn.sum<number>(sql`case when state in ('qualified', 'expiring') then 1 else 0 end`).as('qualified'),
    ])
    .where('station_id', 'in', stationIds)
    .groupBy('station_id')
    .execute();
}

export async function findStation(db: Db, organizationId: number, stationId: number): Promise<StationRow | undefined> {
  const [row] = await listStations(db, organizationId, [stationId]);
  return row;
}

export async function insertStation(db: Db, organizationId: number, values: StationValues, t: number): Promise<number> {
  const row = await db
    .insertInto('stations')
    .values({ ...values, checklist: JSON.stringify(values.checklist), organization_id: organizationId, created_at: t, updated_at: t, retired_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStation(db: Db, stationId: number, values: StationValues, t: number): Promise<void> {
  await db
    .updateTable('stations')
    .set({ ...values, checklist: JSON.stringify(values.checklist), updated_at: t })
    .where('id', '=', stationId)
    .execute();
}

export async function retireStation(db: Db, stationId: number, t: number): Promise<void> {
  await db.updateTable('stations').set({ retired_at: t, updated_at: t }).where('id', '=', stationId).execute();
}

export async function replaceRequirements(db: Db, stationId: number, requirements: StationRequirement[]): Promise<void> {
  await db.deleteFrom('station_requirements').where('station_id', '=', stationId).execute();
  await db
    .insertInto('station_requirements')
    .values(requirements.map((r, sort) => ({ station_id: stationId, kind: r.kind, ref_id: r.id, sort, requires_check: r.requires_check ? 1 : 0 })))
    .execute();
}

export async function replaceTrainers(db: Db, stationId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('station_trainers').where('station_id', '=', stationId).execute();
  if (userIds.length)
    await db
      .insertInto('station_trainers')
      .values(userIds.map((user_id) => ({ station_id: stationId, user_id })))
      .execute();
}

/** The requirements of the stations with the name of what they point at. */
export async function requirementsOf(db: Db, stationIds: number[]) {
  if (!stationIds.length) return [];
  return db
    .selectFrom('station_requirements as sr')
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'sr.ref_id').on('sr.kind', '=', 'category'))
    .leftJoin('sub_categories as sc', (j) => j.onRef('sc.id', '=', 'sr.ref_id').on('sr.kind', '=', 'sub_category'))
    .leftJoin('videos as v', (j) => j.onRef('v.id', '=', 'sr.ref_id').on('sr.kind', '=', 'video'))
    .select(['sr.station_id', 'sr.kind', 'sr.ref_id', 'sr.requires_check', 'c.name as category_name', 'sc.name as sub_category_name', 'v.title as video_title'])
    .where('sr.station_id', 'in', stationIds)
    .orderBy('sr.station_id')
    .orderBy('sr.sort')
    .execute();
}

export async function trainersOf(db: Db, stationIds: number[]) {
  if (!stationIds.length) return [];
  return db
    .selectFrom('station_trainers as st')
    .innerJoin('users as u', 'u.id', 'st.user_id')
    .select(['st.station_id', 'u.id as user_id', 'u.name', 'u.last_name'])
    .where('st.station_id', 'in', stationIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .execute();
}

/** The stations (of any organization) a person trains at. */
export async function stationsTrainedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('station_trainers').select('station_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.station_id);
}

/** Which of the ids name a category, sub-category or video that exists. */
export async function existingRequirementTargets(db: Db, requirements: StationRequirement[]): Promise<Set<string>> {
  const ids = (kind: RequirementKind) => requirements.filter((r) => r.kind === kind).map((r) => r.id);
  const [categories, subCategories, videos] = await Promise.all([
    ids('category').length ? db.selectFrom('categories').select('id').where('id', 'in', ids('category')).execute() : [],
    ids('sub_category').length ? db.selectFrom('sub_categories').select('id').where('id', 'in', ids('sub_category')).execute() : [],
    ids('video').length ? db.selectFrom('videos').select('id').where('id', 'in', ids('video')).execute() : [],
  ]);
  return new Set([...categories.map((r) => `category:${r.id}`), ...subCategories.map((r) => `sub_category:${r.id}`), ...videos.map((r) => `video:${r.id}`)]);
}

/** Each requirement joined to the videos it covers (a single video, or every video of a category or sub-category). */
function requirementVideos(db: Db) {
  return db
    .selectFrom('station_requirements as sr')
    .innerJoin('stations as s', 's.id', 'sr.station_id')
    .innerJoin('videos as v', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('sr.kind', '=', 'video'), eb('v.id', '=', eb.ref('sr.ref_id'))]),
          eb.and([eb('sr.kind', '=', 'category'), eb('v.category_id', '=', eb.ref('sr.ref_id'))]),
          eb.and([eb('sr.kind', '=', 'sub_category'), eb('v.sub_category_id', '=', eb.ref('sr.ref_id'))]),
        ]),
      ),
    );
}

/**
 * The videos each station requires: the listed videos of its categories and sub-categories and its single videos,
 * less those the organization's own path hides (its members could never watch them). A subquery the state
 * refresh, the person view and the audit pack share. `check_required` is 1 when a requirement covering the video asks
 * for its knowledge check and the organization has attached one to it (a video without a check asks for none).
 */
export function stationVideos(db: Db, stationIds: number[]) {
  return requirementVideos(db)
    .where('v.in_test', '=', 1)
    .where('sr.station_id', 'in', stationIds.length ? stationIds : [0])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('learning_path_hidden_videos as h')
            .innerJoin('learning_paths as p', 'p.id', 'h.path_id')
            .select('h.video_id')
            .whereRef('h.video_id', '=', 'v.id')
            .whereRef('p.organization_id', '=', 's.organization_id')
            .where('p.team_id', 'is', null),
        ),
      ),
    )
    .select([
      'sr.station_id',
      'v.id as video_id',
      'v.title',
      'v.revision',
      sql<number>`case when max(sr.requires_check) = 1 and exists (select 1 from assessment_checks ac where ac.organization_id = s.organization_id and ac.video_id = v.id) then 1 else 0 end`.as(
        'check_required',
      ),
    ])
    .groupBy(['sr.station_id', 's.organization_id', 'v.id', 'v.title', 'v.revision']);
}

/** The required videos of the stations, in catalog order. */
export async function requiredVideosOf(db: Db, stationIds: number[]) {
  if (!stationIds.length) return [];
  return stationVideos(db, stationIds).orderBy('sr.station_id').orderBy('v.id').execute();
}

/** Stations in use that require any of the videos. */
export async function stationsRequiring(db: Db, videoIds: number[]): Promise<number[]> {
  if (!videoIds.length) return [];
  const rows = await requirementVideos(db).where('v.id', 'in', videoIds).where('s.retired_at', 'is', null).select('s.id').distinct().execute();
  return rows.map((r) => r.id);
}

/** What the station form picks from: the catalog's categories, sub-categories and listed videos. */
export async function requirementChoices(db: Db) {
  const [categories, subCategories, videos] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('sub_categories').select(['id', 'name', 'category_id']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('videos').select(['id', 'title', 'category_id']).where('in_test', '=', 1).orderBy('title').orderBy('id').execute(),
  ]);
  return { categories, subCategories, videos };
}
