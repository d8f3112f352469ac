import {
  type CategoryData,
  type CategoryVideosData,
  type ExpertDetailData,
  type ExpertsData,
  HOME_ROW_SIZE,
  type HomeSectionData,
  PAGE_SIZE,
  SECTION_SIZE,
  type SeeAllData,
  type SubCategoryVideosData,
  type UrlType,
  type WatchedCountData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { LIMITS, takeAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { titleIn } from '../captions/index.ts';
import { assertCategoryOpen, pathAccessOf, progressPercent } from '../learning/index.ts';
import { expertContactMail } from '../mail/index.ts';
import { mediaSigner } from '../media/index.ts';
import { assertCanPlay, formatDuration, type MemberCardState, memberCardStates, namesFor, titlesFor, toVideoCard, type Viewer } from '../videos/index.ts';
import {
  certifiedSubjects,
  expertVideos,
  findCategorySummary,
  findExpert,
  findExpertContact,
  findMemberContact,
  findSubCategorySummary,
  findVideoTitle,
  type ListFlag,
  listExperts,
  subCategoryPage,
  type ViewAllList,
  viewAllPage,
} from './browse.queries.ts';
import { keptCategoryListing, keptHomeSectionRows } from './kept-listings.ts';

/** The figures of a card whose video row was not found (removed since the sections were kept). */
const NEVER_SEEN: MemberCardState = { like_count: 0, dislike_count: 0, watch_seconds: null, position_seconds: null, watched_at: null, wishlist_id: null };

/**
 * Home sections (spec section 6): the first call lists in_test videos, the second in_production
 * ones; with a category, one section per sub-category, else one per category.
 */
export async function homeSections(ctx: AppContext, viewer: Viewer, flag: ListFlag, categoryId: number | undefined): Promise<HomeSectionData> {
  if (categoryId !== undefined) assertCategoryOpen(await pathAccessOf(ctx, viewer, categoryId), categoryId);
  const rows = await keptHomeSectionRows(ctx.db, viewer.catalogVersion, flag, categoryId, categoryId === undefined ? HOME_ROW_SIZE : SECTION_SIZE);
  const [states, signer, titles, names] = await Promise.all([
    memberCardStates(
      ctx.db,
      viewer.userId,
      rows.map((r) => r.id),
    ),
    mediaSigner(ctx.db),
    titlesFor(ctx.db, viewer),
    namesFor(ctx.db, viewer),
  ]);
  // Each section is named after its category (sub-category with a category given), in the caller's language.
  const groupNames = categoryId === undefined ? names.categories : names.subCategories;
  const sections: HomeSectionData = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (section?.url_page_id !== row.group_id) {
      section = {
        title: groupNames.get(row.group_id) ?? row.group_title,
        page_type: categoryId === undefined ? 'CATEGORY' : 'SUB_CATEGORY',
        url_page_id: row.group_id,
        category_id: row.category_id,
        challenge: row.challenge,
        videos_count: Number(row.group_total),
        data: [],
      };
      sections.push(section);
    }
    section.data.push(toVideoCard(row, states.get(row.id) ?? NEVER_SEEN, viewer, signer, titles));
  }
  return sections;
}

export async function categoryDetails(ctx: AppContext, caller: Caller, categoryId: number): Promise<CategoryData> {
  const access = await pathAccessOf(ctx, caller, categoryId);
  assertCategoryOpen(access, categoryId);
  const [category, certified, names] = await Promise.all([
    findCategorySummary(ctx.db, caller.userId, categoryId, access.hiddenVideoIds),
    certifiedSubjects(ctx.db, caller.userId, 'category', { subjectId: categoryId }),
    namesFor(ctx.db, caller),
  ]);
  if (!category) throw notFound('Category not found.');
  const videosCount = Number(category.videos_count ?? 0);
  const watchedCount = Number(category.watched_count ?? 0);
  return [
    {
      category_id: category.id,
      name: names.categories.get(category.id) ?? category.name,
      picture: category.picture,
      sort: category.sort,
      essential: category.essential,
      challenge: category.challenge,
      expert_id: category.expert_id,
      videos_count: videosCount,
      duration: formatDuration(Number(category.total_seconds ?? 0)),
      watched_count: watchedCount,
      progress: progressPercent(watchedCount, videosCount, certified.has(category.id)),
    },
  ];
}

/**
 * The category page: its sub-categories holding listed (in_test) videos visible to the caller, in catalog order, each
 * with its visible total, the caller's watched count and its first SECTION_SIZE cards. The listing is kept per catalog
 * version; the path's hidden videos and the member's figures are applied here.
 */
export async function categoryVideos(ctx: AppContext, viewer: Viewer, categoryId: number): Promise<CategoryVideosData> {
  const access = await pathAccessOf(ctx, viewer, categoryId);
  assertCategoryOpen(access, categoryId);
  const hidden = new Set(access.hiddenVideoIds);
  const listing = (await keptCategoryListing(ctx.db, viewer.catalogVersion, categoryId)).filter((row) => !hidden.has(row.id));
  const [states, certified, signer, titles, names] = await Promise.all([
    memberCardStates(
      ctx.db,
      viewer.userId,
      listing.map((row) => row.id),
    ),
    certifiedSubjects(ctx.db, viewer.userId, 'sub_category', { categoryId }),
    mediaSigner(ctx.db),
    titlesFor(ctx.db, viewer),
    namesFor(ctx.db, viewer),
  ]);
  if (listing.length === 0 && !(await findCategorySummary(ctx.db, viewer.userId, categoryId, access.hiddenVideoIds))) throw notFound('Category not found.');
  const groups: CategoryVideosData = [];
  for (const row of listing) {
    let group = groups.at(-1);
    if (group?.sub_category_id !== row.sub_category_id) {
      group = {
        key: row.sub_category_id,
        sub_category_id: row.sub_category_id,
        title: names.subCategories.get(row.sub_category_id) ?? row.group_title,
        videos_count: 0,
        watched_count: 0,
        progress: 0,
        videos: [],
      };
      groups.push(group);
    }
    const state = states.get(row.id) ?? NEVER_SEEN;
    group.videos_count++;
    if (state.watched_at !== null) group.watched_count++;
    if (group.videos.length < SECTION_SIZE) group.videos.push(toVideoCard(row, state, viewer, signer, titles));
  }
  for (const group of groups) group.progress = progressPercent(group.watched_count, group.videos_count, certified.has(group.sub_category_id));
  return groups;
}

/** A sub-category of an open category with the caller's visible count, watched count and progress. */
async function subCategorySummary(ctx: AppContext, caller: Caller, subCategoryId: number) {
  const access = await pathAccessOf(ctx, caller);
  const [summary, certified] = await Promise.all([
    findSubCategorySummary(ctx.db, caller.userId, subCategoryId, access.hiddenVideoIds),
    certifiedSubjects(ctx.db, caller.userId, 'sub_category', { subjectId: subCategoryId }),
  ]);
  if (!summary) throw notFound('Sub-category not found.');
  assertCategoryOpen(access, summary.category_id);
  const videosCount = Number(summary.videos_count ?? 0);
  const watchedCount = Number(summary.watched_count ?? 0);
  return {
    ...summary,
    hiddenVideoIds: access.hiddenVideoIds,
    videos_count: videosCount,
    watched_count: watchedCount,
    progress: progressPercent(watchedCount, videosCount, certified.has(summary.id)),
  };
}

/** `page` (1-based) wins over `skip`. */
const offsetOf = (input: { skip?: number; page?: number }) => (input.page !== undefined ? (input.page - 1) * PAGE_SIZE : (input.skip ?? 0));

export async function subCategoryVideos(
  ctx: AppContext,
  viewer: Viewer,
  input: { sub_category_id: number; skip?: number; page?: number },
): Promise<SubCategoryVideosData> {
  const summary = await subCategorySummary(ctx, viewer, input.sub_category_id);
  const skip = offsetOf(input);
  const rows = skip < summary.videos_count ? await subCategoryPage(ctx.db, viewer.userId, summary.id, summary.hiddenVideoIds, skip, PAGE_SIZE) : [];
  const [signer, titles, names] = await Promise.all([mediaSigner(ctx.db), titlesFor(ctx.db, viewer), namesFor(ctx.db, viewer)]);
  return {
    sub_category: {
      sub_category_id: summary.id,
      name: names.subCategories.get(summary.id) ?? summary.name,
      category_id: summary.category_id,
      category_name: names.categories.get(summary.category_id) ?? summary.category_name,
    },
    videos: rows.map((r) => toVideoCard(r, r, viewer, signer, titles)),
    total: summary.videos_count,
    videos_count: summary.videos_count,
    watched_count: summary.watched_count,
    progress: summary.progress,
    skip,
    take: PAGE_SIZE,
  };
}

export async function watchedInSubCategory(ctx: AppContext, caller: Caller, subCategoryId: number): Promise<WatchedCountData> {
  const summary = await subCategorySummary(ctx, caller, subCategoryId);
  return { sub_category_id: summary.id, watched: summary.watched_count, total: summary.videos_count, progress: summary.progress };
}

const VIEW_ALL_TITLES: Record<UrlType, string> = {
  URL_TYPE_NEW_RELEASE: 'New Releases',
  URL_TYPE_SUGGESTION: 'Recommended',
  URL_TYPE_WISHLIST: 'My List',
};

type SeeAllInput = { url_type?: UrlType; cast_crew_id?: number; skip?: number; page?: number };

/** View all (spec sections 2 and 6): in_production videos only. An expert id wins over url_type. */
export async function seeAll(ctx: AppContext, viewer: Viewer, input: SeeAllInput): Promise<SeeAllData> {
  const skip = offsetOf(input);
  let title: string;
  let list: ViewAllList;
  if (input.cast_crew_id !== undefined) {
    const expert = await findExpert(ctx.db, input.cast_crew_id);
    if (!expert) throw notFound('Expert not found.');
    title = expert.name;
    list = { kind: 'byExpert', expertId: expert.id };
  } else {
    const urlType = input.url_type ?? 'URL_TYPE_NEW_RELEASE';
    title = VIEW_ALL_TITLES[urlType];
    list = { kind: urlType === 'URL_TYPE_WISHLIST' ? 'myList' : urlType === 'URL_TYPE_SUGGESTION' ? 'recommended' : 'newReleases' };
  }
  const { total, rows } = await viewAllPage(ctx.db, viewer.userId, list, skip, PAGE_SIZE);
  const [signer, titles] = await Promise.all([mediaSigner(ctx.db), titlesFor(ctx.db, viewer)]);
  return {
    title,
    url_type: input.cast_crew_id !== undefined ? 'cast' : (input.url_type ?? 'URL_TYPE_NEW_RELEASE'),
    videos: rows.map((r) => toVideoCard(r, r, viewer, signer, titles)),
    total,
    skip,
    take: PAGE_SIZE,
  };
}

export async function experts(ctx: AppContext): Promise<ExpertsData> {
  const rows = await listExperts(ctx.db);
  return rows.map((e) => ({ cast_crew_id: e.id, name: e.name, bio: e.bio, picture: e.picture, videos_count: Number(e.videos_count ?? 0) }));
}

/** An expert's page lists at most this many of their videos; view-all (cast) pages through all of them. */
const EXPERT_PAGE_VIDEOS = 100;

export async function expertDetail(ctx: AppContext, viewer: Viewer, expertId: number): Promise<ExpertDetailData> {
  const expert = await findExpert(ctx.db, expertId);
  if (!expert) throw notFound('Expert not found.');
  const rows = await expertVideos(ctx.db, viewer.userId, expert.id, EXPERT_PAGE_VIDEOS);
  const [signer, titles] = await Promise.all([mediaSigner(ctx.db), titlesFor(ctx.db, viewer)]);
  return {
    cast_crew_id: expert.id,
    name: expert.name,
    bio: expert.bio,
    picture: expert.picture,
    videos_count: Number(expert.videos_count ?? 0),
    videos: rows.map((r) => toVideoCard(r, r, viewer, signer, titles)),
  };
}

/** E-mails the member's message to the expert, with the member's address to answer to. Members with access only. */
export const NO_EMAIL_TO_ANSWER = 'Experts answer by e-mail: ask your super user to add an e-mail address to your account first.';
export const EXPERT_CONTACT_LIMIT_MESSAGE = 'You have sent many messages to experts today. Please try again tomorrow.';

export async function contactExpert(ctx: AppContext, viewer: Viewer, expertId: number, input: { message: string; admin_video_id?: number }): Promise<string> {
  assertCanPlay(viewer, 'To contact an expert you need to hire a plan, contact your boss or hire a plan.');
  const expert = await findExpertContact(ctx.db, expertId);
  if (!expert) throw notFound('Expert not found.');
  const member = await findMemberContact(ctx.db, viewer.userId);
  if (!member) throw notFound('User not found.');
  // The expert answers by e-mail: a member known by their employee number only has no address to answer to.
  if (!member.email) throw badRequest(NO_EMAIL_TO_ANSWER);
  const subject = String(viewer.userId);
  await takeAttempt(ctx, LIMITS.expertContactPerMember, subject, EXPERT_CONTACT_LIMIT_MESSAGE);
  const video = input.admin_video_id === undefined ? undefined : await findVideoTitle(ctx.db, input.admin_video_id);
  // In the expert's language (the catalog's, English when it gives none), the lesson under its title in it; the
  // member's own words go as typed.
  const locale = recipientLocale(expert.language);
  const localTitle = video && input.admin_video_id !== undefined ? (await titleIn(ctx.db, locale, input.admin_video_id))?.title : undefined;
  const mail = expertContactMail(
    {
      expertName: expert.name,
      memberName: `${member.name} ${member.last_name}`.trim(),
      memberEmail: member.email,
      organization: member.organization_name,
      videoTitle: localTitle ?? video?.title ?? null,
      message: input.message,
    },
    locale,
  );
  await ctx.mailer.send(expert.email, 'expert_contact', mail);
  return `Your message was sent to ${expert.name}.`;
}
