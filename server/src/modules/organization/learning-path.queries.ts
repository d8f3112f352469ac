import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { renewCatalogVersion } from '../settings/index.ts';

export type PathEntry = { category_id: number; position: number; essential: number };

export type LearningPath = {
  /** Whose path applies: the team's own, the organization's default, or the catalog (nothing saved yet). */
  source: 'team' | 'organization' | 'catalog';
  categories: Array<{ category_id: number; name: string; picture: string | null; position: number; essential: number }>;
  hiddenVideoIds: number[];
  /** The organization's own lessons (studio) the path holds beside its categories, in order. */
  lessonIds: number[];
};

type PathRow = { id: number; team_id: number | null; category_count: number };

/** The organization's default path and, when teamId is given, that (live) team's own path. */
async function pathRows(db: Db, organizationId: number, teamId: number | null): Promise<PathRow[]> {
  return db
    .selectFrom('learning_paths as lp')
    .leftJoin('teams as t', 't.id', 'lp.team_id')
    .select((eb) => [
      'lp.id',
      'lp.team_id',
      eb
        .selectFrom('learning_path_categories as lpc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('lpc.path_id', '=', 'lp.id')
        .as('category_count'),
    ])
    .where('lp.organization_id', '=', organizationId)
    .where((eb) =>
      teamId === null
        ? eb('lp.team_id', 'is', null)
        : eb.or([eb('lp.team_id', 'is', null), eb.and([eb('lp.team_id', '=', teamId), eb('t.deleted_at', 'is', null)])]),
    )
    .execute()
    .then((rows) => rows.map((r) => ({ id: r.id, team_id: r.team_id, category_count: Number(r.category_count ?? 0) })));
}

/**
 * The learning path a member of `teamId` (null: no team) follows: the team's own path when one was saved,
 * else the organization's, else the catalog's categories in catalog order with their catalog flags.
 * Hidden videos come from the same path as the order (for the catalog default, the organization's path).
 */
export async function learningPathFor(db: Db, organizationId: number, teamId: number | null): Promise<LearningPath> {
  const rows = await pathRows(db, organizationId, teamId);
  const teamPath = rows.find((r) => r.team_id !== null && r.category_count > 0);
  const organizationPath = rows.find((r) => r.team_id === null);
  const ordered = teamPath ?? (organizationPath && organizationPath.category_count > 0 ? organizationPath : undefined);
  const hiddenFrom = ordered ?? organizationPath;

  const categories = ordered
    ? await db
        .selectFrom('learning_path_categories as lpc')
        .innerJoin('categories as c', 'c.id', 'lpc.category_id')
        .select(['lpc.category_id', 'c.name', 'c.picture', 'lpc.position', 'lpc.essential'])
        .where('lpc.path_id', '=', ordered.id)
        .orderBy('lpc.position')
        .execute()
    : (await db.selectFrom('categories').select(['id', 'name', 'picture', 'essential']).orderBy('sort').orderBy('id').execute()).map((c, i) => ({
        category_id: c.id,
        name: c.name,
        picture: c.picture,
        position: i + 1,
        essential: c.essential,
      }));
  const [hiddenVideoIds, lessonIds] = hiddenFrom ? await Promise.all([hiddenVideoIdsOf(db, hiddenFrom.id), pathLessonIdsOf(db, hiddenFrom.id)]) : [[], []];
  return { source: teamPath ? 'team' : ordered ? 'organization' : 'catalog', categories, hiddenVideoIds, lessonIds };
}

async function pathLessonIdsOf(db: Db, pathId: number): Promise<number[]> {
  const rows = await db.selectFrom('learning_path_lessons').select('lesson_id').where('path_id', '=', pathId).orderBy('position').execute();
  return rows.map((r) => r.lesson_id);
}

/** Replaces a path's own lessons (positions from 1 in the given order). */
export async function replacePathLessons(db: Db, pathId: number, lessonIds: readonly number[]): Promise<void> {
  await db.deleteFrom('learning_path_lessons').where('path_id', '=', pathId).execute();
  if (lessonIds.length > 0)
    await db
      .insertInto('learning_path_lessons')
      .values(lessonIds.map((lesson_id, i) => ({ path_id: pathId, lesson_id, position: i + 1 })))
      .execute();
  await touchPath(db, pathId);
}

async function hiddenVideoIdsOf(db: Db, pathId: number): Promise<number[]> {
  const rows = await db.selectFrom('learning_path_hidden_videos').select('video_id').where('path_id', '=', pathId).orderBy('video_id').execute();
  return rows.map((r) => r.video_id);
}

/** The path row of a scope, created when missing. A team's new path starts with the organization's hidden videos. */
export async function ensurePath(db: Db, organizationId: number, teamId: number | null): Promise<number> {
  const existing = await db
    .selectFrom('learning_paths')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => (teamId === null ? eb('team_id', 'is', null) : eb('team_id', '=', teamId)))
    .executeTakeFirst();
  if (existing) return existing.id;
  const t = now();
  const { id } = await db
    .insertInto('learning_paths')
    .values({ organization_id: organizationId, team_id: teamId, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (teamId !== null) {
    const inherited = (await learningPathFor(db, organizationId, null)).hiddenVideoIds;
    if (inherited.length > 0)
      await db
        .insertInto('learning_path_hidden_videos')
        .values(inherited.map((video_id) => ({ path_id: id, video_id })))
        .execute();
  }
  await renewCatalogVersion(db);
  return id;
}

/** A path changed: its time, and the catalog version every instance's kept paths are checked against. */
async function touchPath(db: Db, pathId: number): Promise<void> {
  await db.updateTable('learning_paths').set({ updated_at: now() }).where('id', '=', pathId).execute();
  await renewCatalogVersion(db);
}

export async function replacePathCategories(db: Db, pathId: number, entries: PathEntry[]): Promise<void> {
  await db.deleteFrom('learning_path_categories').where('path_id', '=', pathId).execute();
  await db
    .insertInto('learning_path_categories')
    .values(entries.map((e) => ({ path_id: pathId, ...e })))
    .execute();
  await touchPath(db, pathId);
}

/** Replaces the hidden videos of one category in a path; the other categories keep theirs. */
export async function replaceHiddenVideos(db: Db, pathId: number, categoryId: number, videoIds: number[]): Promise<void> {
  await db
    .deleteFrom('learning_path_hidden_videos')
    .where('path_id', '=', pathId)
    .where('video_id', 'in', (eb) => eb.selectFrom('videos').select('id').where('category_id', '=', categoryId))
    .execute();
  if (videoIds.length > 0) {
    await db
      .insertInto('learning_path_hidden_videos')
      .values(videoIds.map((video_id) => ({ path_id: pathId, video_id })))
      .execute();
  }
  await touchPath(db, pathId);
}

// ---------------------------------------------------------------- catalog reads (the catalog is shared by every organization)

export const catalogCategories = (db: Db, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('categories').select(['id', 'essential']).where('id', 'in', ids).execute();

export const categoryVideoIds = async (db: Db, categoryId: number) =>
  (await db.selectFrom('videos').select('id').where('category_id', '=', categoryId).execute()).map((r) => r.id);

export const categoryExists = async (db: Db, categoryId: number) =>
  (await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;

/** The whole catalog in three queries: categories, sub-categories, videos. */
export async function catalogTree(db: Db) {
  const [categories, subCategories, videos] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'picture', 'sort', 'essential']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('sub_categories').select(['id', 'key', 'category_id', 'name', 'sort']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('videos')
      .select(['id', 'key', 'sub_category_id', 'title', 'image', 'duration_seconds', 'in_test', 'in_production'])
      .orderBy('publish_time')
      .orderBy('id')
      .execute(),
  ]);
  return { categories, subCategories, videos };
}
