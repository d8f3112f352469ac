import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { CATALOG_CARD_COLUMNS, type CatalogCardRow, listedAndVisible, pageOfCards, selectVideoCards } from '../videos/index.ts';

/**
 * Catalog reads. The catalog is the platform's own (no organization owns a video); what is the
 * caller's (watched, My List) is joined on the caller's id inside each query. Every list is one
 * query, sliced per group with window functions, whatever the size of the catalog.
 */

export type ListFlag = 'in_test' | 'in_production';

/** A home section's video, as every member sees it (the member's own figures are read apart: `memberCardStates`). */
export type HomeSectionRow = CatalogCardRow & {
  group_id: number;
  group_title: string;
  challenge: string;
  group_total: number | string;
};

/**
 * Home sections: the first `perGroup` videos of each sub-category of a category, or of each category. The same for
 * every member (the catalog's own listing), so it carries nothing of the caller's.
 */
export function homeSectionRows(db: Db, flag: ListFlag, categoryId: number | undefined, perGroup: number): Promise<HomeSectionRow[]> {
  const table = categoryId === undefined ? 'categories' : 'sub_categories';
  const groupId = sql.ref(categoryId === undefined ? 'videos.category_id' : 'videos.sub_category_id');
  const listed = db
    .selectFrom('videos')
    .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
    .innerJoin('categories', 'categories.id', 'videos.category_id')
    .innerJoin('sub_categories', 'sub_categories.id', 'videos.sub_category_id')
    .where(`videos.${flag}`, '=', 1)
    .$if(categoryId !== undefined, (q) => q.where('videos.category_id', '=', categoryId as number))
    .select([
      ...CATALOG_CARD_COLUMNS,
      sql<number>`${groupId}`.as('group_id'),
      sql<string>`${sql.ref(`${table}.name`)}`.as('group_title'),
      sql<number>`${sql.ref(`${table}.sort`)}`.as('group_sort'),
      'categories.challenge',
      sql<number>`row_number() over (partition by ${groupId} order by videos.id)`.as('position'),
      sql<number>`count(*) over (partition by ${groupId})`.as('group_total'),
    ]);
  return db
    .selectFrom(listed.as('listed'))
    .selectAll()
    .where('listed.position', '<=', perGroup)
    .orderBy('listed.group_sort')
    .orderBy('listed.group_id')
    .orderBy('listed.position')
    .execute();
}

/** A listed video of a category page with its sub-category, as every member sees it (the member's figures are read apart). */
export type CategoryListingRow = CatalogCardRow & { group_title: string; group_sort: number };

/**
 * Every listed (in_test) video of a category with its sub-category, in catalog order (sub-category, then video). The
 * same for every member: a path's hidden videos are left out by the caller, so one kept listing serves every path.
 */
export function categoryListing(db: Db, categoryId: number): Promise<CategoryListingRow[]> {
  return db
    .selectFrom('videos')
    .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
    .innerJoin('sub_categories', 'sub_categories.id', 'videos.sub_category_id')
    .where('videos.category_id', '=', categoryId)
    .where(listedAndVisible([]))
    .select([...CATALOG_CARD_COLUMNS, 'sub_categories.name as group_title', 'sub_categories.sort as group_sort'])
    .orderBy('sub_categories.sort')
    .orderBy('videos.sub_category_id')
    .orderBy('videos.id')
    .execute();
}

/** A category with the count, total duration and caller's watched count of its listed (in_test) videos visible to the caller. */
export function findCategorySummary(db: Db, userId: number, categoryId: number, hiddenVideoIds: number[]) {
  return db
    .selectFrom('categories')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('videos')
          .leftJoin('video_watch', (j) => j.onRef('video_watch.video_id', '=', 'videos.id').on('video_watch.user_id', '=', userId))
          .select([
            (e) => e.fn.countAll<number>().as('videos_count'),
            (e) => e.fn.sum<number>('videos.duration_seconds').as('total_seconds'),
            (e) => e.fn.count<number>('video_watch.watched_at').as('watched_count'),
          ])
          .where('videos.category_id', '=', categoryId)
          .where(listedAndVisible(hiddenVideoIds))
          .as('totals'),
      (j) => j.onTrue(),
    )
    .select([
      'categories.id',
      'categories.name',
      'categories.picture',
      'categories.sort',
      'categories.essential',
      'categories.challenge',
      'categories.expert_id',
      'totals.videos_count',
      'totals.total_seconds',
      'totals.watched_count',
    ])
    .where('categories.id', '=', categoryId)
    .executeTakeFirst();
}

/** A sub-category with its category's name, the count of its listed videos visible to the caller and the caller's watched count. */
export function findSubCategorySummary(db: Db, userId: number, subCategoryId: number, hiddenVideoIds: number[]) {
  return db
    .selectFrom('sub_categories')
    .innerJoin('categories', 'categories.id', 'sub_categories.category_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('videos')
          .leftJoin('video_watch', (j) => j.onRef('video_watch.video_id', '=', 'videos.id').on('video_watch.user_id', '=', userId))
          .select([(e) => e.fn.countAll<number>().as('videos_count'), (e) => e.fn.count<number>('video_watch.watched_at').as('watched_count')])
          .where('videos.sub_category_id', '=', subCategoryId)
          .where(listedAndVisible(hiddenVideoIds))
          .as('totals'),
      (j) => j.onTrue(),
    )
    .select([
      'sub_categories.id',
      'sub_categories.name',
      'sub_categories.category_id',
      'categories.name as category_name',
      'totals.videos_count',
      'totals.watched_count',
    ])
    .where('sub_categories.id', '=', subCategoryId)
    .executeTakeFirst();
}

/** One page of a sub-category's listed videos visible to the caller, by admin_video_id. */
export function subCategoryPage(db: Db, userId: number, subCategoryId: number, hiddenVideoIds: number[], skip: number, take: number) {
  return selectVideoCards(db, userId)
    .where('videos.sub_category_id', '=', subCategoryId)
    .where(listedAndVisible(hiddenVideoIds))
    .orderBy('videos.id')
    .limit(take)
    .offset(skip)
    .execute();
}

const inProduction = (db: Db, userId: number) => selectVideoCards(db, userId).where('videos.in_production', '=', 1);
type CardQuery = ReturnType<typeof inProduction>;

/** The view-all lists, each an (unordered) query and its order. */
const viewAll = {
  newReleases: (db: Db, userId: number) => ({
    query: inProduction(db, userId),
    order: (q: CardQuery) => q.orderBy('videos.publish_time', 'desc').orderBy('videos.id', 'desc'),
  }),
  /** Recommended: the most liked videos the caller has not watched yet, newest first among equals. */
  recommended: (db: Db, userId: number) => ({
    query: inProduction(db, userId).where('video_watch.watched_at', 'is', null),
    order: (q: CardQuery) => q.orderBy('videos.like_count', 'desc').orderBy('videos.publish_time', 'desc').orderBy('videos.id', 'desc'),
  }),
  myList: (db: Db, userId: number) => ({
    query: inProduction(db, userId).where('wishlists.id', 'is not', null),
    order: (q: CardQuery) => q.orderBy('wishlists.created_at', 'desc').orderBy('wishlists.id', 'desc'),
  }),
  byExpert: (db: Db, userId: number, expertId: number) => ({
    query: inProduction(db, userId).where('videos.id', 'in', db.selectFrom('video_experts').select('video_id').where('expert_id', '=', expertId)),
    order: (q: CardQuery) => q.orderBy('videos.publish_time', 'desc').orderBy('videos.id', 'desc'),
  }),
};

/** Which view-all list a page is of: new releases, recommended, My List, or one expert's videos. */
export type ViewAllList = { kind: 'newReleases' | 'recommended' | 'myList' } | { kind: 'byExpert'; expertId: number };

function viewAllOf(db: Db, userId: number, list: ViewAllList) {
  return list.kind === 'byExpert' ? viewAll.byExpert(db, userId, list.expertId) : viewAll[list.kind](db, userId);
}

/** One page of a view-all list, with the list's length. */
export function viewAllPage(db: Db, userId: number, list: ViewAllList, skip: number, take: number) {
  const { query, order } = viewAllOf(db, userId, list);
  return pageOfCards(db, query, order, skip, take);
}

/** An expert's first `take` videos, in the view-all order. */
export function expertVideos(db: Db, userId: number, expertId: number, take: number) {
  const { query, order } = viewAll.byExpert(db, userId, expertId);
  return order(query).limit(take).execute();
}

export function allCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'name', 'picture', 'essential', 'sort']).orderBy('sort').orderBy('id').execute();
}

/** Compiled once: the category page asks it on every call. */
const certifiedInCategory = compiledOnce((db: Db, userId: number, kind: 'category' | 'sub_category', categoryId: number) =>
  db.selectFrom('certificates').select('subject_id').where('user_id', '=', userId).where('kind', '=', kind).where('category_id', '=', categoryId),
);

const certifiedSubject = compiledOnce((db: Db, userId: number, kind: 'category' | 'sub_category', subjectId: number) =>
  db.selectFrom('certificates').select('subject_id').where('user_id', '=', userId).where('kind', '=', kind).where('subject_id', '=', subjectId),
);

/** Ids of the subjects (categories or sub-categories) the member holds a certificate of, within one category or for one subject. */
export async function certifiedSubjects(
  db: Db,
  userId: number,
  kind: 'category' | 'sub_category',
  scope: { categoryId: number } | { subjectId: number },
): Promise<Set<number>> {
  const rows =
    'categoryId' in scope ? await certifiedInCategory(db, userId, kind, scope.categoryId) : await certifiedSubject(db, userId, kind, scope.subjectId);
  return new Set(rows.map((r) => r.subject_id));
}

// ---------------------------------------------------------------- experts

function selectExperts(db: Db) {
  return db.selectFrom('experts').select((eb) => [
    'experts.id',
    'experts.name',
    'experts.bio',
    'experts.picture',
    eb
      .selectFrom('video_experts')
      .innerJoin('videos', 'videos.id', 'video_experts.video_id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('video_experts.expert_id', '=', 'experts.id')
      .where('videos.in_production', '=', 1)
      .as('videos_count'),
  ]);
}

export const listExperts = (db: Db) => selectExperts(db).orderBy('experts.name').orderBy('experts.id').execute();

export const findExpert = (db: Db, expertId: number) => selectExperts(db).where('experts.id', '=', expertId).executeTakeFirst();

export function findExpertContact(db: Db, expertId: number) {
  return db.selectFrom('experts').select(['id', 'name', 'email', 'language']).where('id', '=', expertId).executeTakeFirst();
}

/** The sender of a contact message, with their organization's name. */
export function findMemberContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.name', 'users.last_name', 'users.email', 'organizations.name as organization_name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export function findVideoTitle(db: Db, videoId: number) {
  return db.selectFrom('videos').select('title').where('id', '=', videoId).executeTakeFirst();
}
