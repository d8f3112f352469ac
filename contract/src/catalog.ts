import { z } from 'zod';
import type { WireInput } from './route.ts';

/**
 * Catalog, video playback and the media pipeline (member spec sections 2, 3, 4, 6, 7).
 * Calls live under /api/; answers are `{ success, message?, data }` (envelope.ts).
 * Requests accept JSON or form bodies, so ids and numbers also arrive as strings.
 */

const MAX_ID = 2_147_483_647;

/** A whole number sent as a number or a string of digits. */
function wholeNumber(message: string, bounds: z.ZodNumber) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(bounds);
}

/** The same, optional: absent or empty (a blank form field) means "not sent". */
function optionalWholeNumber(message: string, bounds: z.ZodNumber) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d*$/, message)], { error: message })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v)))
    .pipe(bounds.optional());
}

const idBounds = z
  .number({ error: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .positive('must be a positive whole number')
  .max(MAX_ID, 'is too large');

/** A positive whole id, as a number or a string of digits. */
export const catalogId = wholeNumber('must be a positive whole number', idBounds);

/** An optional id: absent, empty ("" from a form) or a positive whole id. */
const optionalId = optionalWholeNumber('must be a positive whole number', idBounds);

/** Items to skip in a paged list (the spec's `skip`). */
const skip = optionalWholeNumber(
  'must be 0 or a positive whole number',
  z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'is too large'),
);

/** 1-based page number, an alternative to `skip`. */
const page = optionalWholeNumber(
  'must be a positive whole number',
  z.number().int('must be a whole number').min(1, 'must be 1 or more').max(50_000, 'is too large'),
);

// ---------------------------------------------------------------- shared shapes

export const castCrew = z.object({ cast_crew_id: z.number(), name: z.string() });
export type CastCrew = z.infer<typeof castCrew>;

/**
 * Stream URLs by quality: `original` is the signed HLS master playlist (adaptive), the other keys
 * are `WIDTHxHEIGHT` of each rendition's playlist (e.g. "854x480", "1280x720"). Empty without access.
 * The URLs are same-origin paths (`/media/<expires>/<signature>/<asset>/...`), valid for about 6 hours.
 */
export const resolutions = z.record(z.string(), z.string());
export type Resolutions = z.infer<typeof resolutions>;

/** The light video of lists and sliders. */
export const videoCard = z.object({
  admin_video_id: z.number(),
  title: z.string(),
  /** Catalog picture (public /uploads/catalog/...), else the video's poster (signed /media/... URL, callers with access only), else null. */
  default_image: z.string().nullable(),
  mobile_image: z.string().nullable(),
  /** hh:mm:ss */
  duration: z.string(),
  duration_seconds: z.number(),
  category_id: z.number(),
  sub_category_id: z.number(),
  /** ISO date-time. */
  publish_time: z.string(),
  likes: z.number(),
  dislikes: z.number(),
  /** 1 when in the caller's list (My List). */
  wishlist_status: z.number(),
  in_test: z.number(),
  in_production: z.number(),
  /** 1 when the caller's accumulated watch time reached 90% of the duration. */
  watched: z.number(),
  /** Seconds the caller has watched, at most the duration. */
  progress: z.number(),
  /** Where playing resumes, in whole seconds: where the caller stopped, 0 when never started or stopped at the end. */
  resume_seconds: z.number(),
  /**
   * The title (and on the video page the description) is a machine translation into the caller's language (Apertium)
   * that no author has reviewed; absent when it is the catalog's own (English, or the author's translation).
   */
  title_machine: z.boolean().optional(),
});
export type VideoCard = z.infer<typeof videoCard>;

/** The full video of `videos/view` (member spec section 3), computed for the caller. */
/** A caption track of a video: `url` is a signed same-origin WebVTT file (plain cue text, no markup). */
export const captionTrack = z.object({
  lang: z.string(),
  label: z.string(),
  url: z.string(),
  /** A machine translation (Apertium) no author has reviewed; absent on an author's track. */
  machine: z.boolean().optional(),
  /** A machine translation drafted from an earlier version of its source track (absent when current). */
  outOfDate: z.boolean().optional(),
});
export type CaptionTrack = z.infer<typeof captionTrack>;

/**
 * A lesson whose streams are still being prepared after the platform's first start (issue 36): `waiting` in the
 * queue or `preparing` (`progress` 0..100), ready in about `seconds_left`; `failed` when its media could not be
 * prepared (the operator sees why in the log; a new import tries again).
 */
export const preparation = z.object({
  state: z.enum(['waiting', 'preparing', 'failed']),
  progress: z.number(),
  seconds_left: z.number(),
});
export type Preparation = z.infer<typeof preparation>;

export const videoDetail = videoCard.extend({
  description: z.string(),
  /** Signed master playlist URL; null without access. */
  main_video: z.string().nullable(),
  /** `original` is the stream to play (data.main_resolutions.original); empty without access. */
  main_resolutions: resolutions,
  resolutions,
  /** Audience rating; the catalog has none: always 'All'. */
  age: z.string(),
  category_name: z.string(),
  sub_category_name: z.string(),
  is_series: z.number(),
  /** The caller's vote: 1 like, -1 dislike, 0 none. */
  user_vote: z.number(),
  /** The caller's wishlist entry, null when not in My List. */
  wishlist_id: z.number().nullable(),
  /** Always 0: the product has no pay-per-view. */
  should_display_ppv: z.number(),
  ppv_page_type: z.number(),
  /** 1 when the caller's organization has no trialing/active subscription (never for the guest): go to /subscription (or /plans). */
  is_user_need_subscription: z.number(),
  currency: z.string(),
  ppv_amount: z.number(),
  /** `/api/videos/{id}/playbook` when the video has one, else null. */
  playbook_url: z.string().nullable(),
  /** Null until sharing exists. */
  share_link: z.string().nullable(),
  cast_crews: z.array(castCrew),
  /** Set with is_user_need_subscription 1: the message to show before sending the member to /plans. */
  subscription_message: z.string().nullable(),
  /** Caption tracks in catalog order (the player's captions menu); empty without access or without captions. */
  captions: z.array(captionTrack),
  /** Null when the streams are ready to play; while they are prepared, main_video is null and the resolutions are empty. */
  preparing: preparation.nullable(),
});
export type VideoDetail = z.infer<typeof videoDetail>;

/** A page of videos. */
export const videoPage = z.object({
  videos: z.array(videoCard),
  total: z.number(),
  skip: z.number(),
  take: z.number(),
});
export type VideoPage = z.infer<typeof videoPage>;

// ---------------------------------------------------------------- home sections

/**
 * POST home_first_section / home_second_section. With category_id: one section per sub-category of
 * that category; without: one section per category. The first call holds in_test videos, the second
 * in_production ones (spec section 6). Extra spec fields (organization_id, team_id...) are ignored.
 */
export const homeSectionRequest = z.object({
  page_type: z.string().max(30).optional(),
  category_id: optionalId,
});
export type HomeSectionRequest = WireInput<typeof homeSectionRequest>;

export const homeSection = z.object({
  title: z.string(),
  /** 'SUB_CATEGORY' (url_page_id is a sub-category id) or 'CATEGORY' (a category id). */
  page_type: z.enum(['CATEGORY', 'SUB_CATEGORY']),
  url_page_id: z.number(),
  category_id: z.number(),
  /** The category's challenge link ('' when none). */
  challenge: z.string(),
  /** Videos of this section in the list (the section shows at most SECTION_SIZE, HOME_ROW_SIZE per category without a category). */
  videos_count: z.number(),
  data: z.array(videoCard),
});
export type HomeSection = z.infer<typeof homeSection>;

export const homeSectionData = z.array(homeSection);
export type HomeSectionData = z.infer<typeof homeSectionData>;

// ---------------------------------------------------------------- categories

export const categoryRequest = z.object({
  page_type: z.string().max(30).optional(),
  category_id: catalogId,
});
export type CategoryRequest = WireInput<typeof categoryRequest>;

/**
 * Progress of a category or sub-category for the caller (design.md): floor(100 x watched / total) over the listed videos
 * visible to the caller (their path's hidden videos excluded), capped at 100; 100 once the (micro-)certificate exists.
 */
const progress = z.number().int().min(0).max(100);

/** A category with the totals of its listed (in_test) videos visible to the caller (their path's hidden videos excluded). */
export const categoryItem = z.object({
  category_id: z.number(),
  name: z.string(),
  picture: z.string().nullable(),
  sort: z.number(),
  /** 1 required, 0 optional. */
  essential: z.number(),
  /** Challenge link, '' when none. */
  challenge: z.string(),
  expert_id: z.number().nullable(),
  videos_count: z.number(),
  /** Sum of the durations, hh:mm:ss. */
  duration: z.string(),
  /** Videos of the category the caller watched (visible ones). */
  watched_count: z.number(),
  progress,
});
export type CategoryItem = z.infer<typeof categoryItem>;

/** POST get_category_id: a list whose first (only) item is the category. */
export const categoryData = z.array(categoryItem);
export type CategoryData = z.infer<typeof categoryData>;

/** One slider of the category page. */
export const categoryVideoGroup = z.object({
  /** The sub-category id (the spec's group key). */
  key: z.number(),
  sub_category_id: z.number(),
  title: z.string(),
  /** Listed videos of the sub-category visible to the caller, and how many of them the caller watched. */
  videos_count: z.number(),
  watched_count: z.number(),
  progress,
  /** The first SECTION_SIZE videos, by admin_video_id; the rest via sub_categories_videos. */
  videos: z.array(videoCard),
});
export type CategoryVideoGroup = z.infer<typeof categoryVideoGroup>;

/** POST categoryVideos: the category's sub-categories that hold listed videos, in catalog order. Empty: 'No video for this category'. */
export const categoryVideosData = z.array(categoryVideoGroup);
export type CategoryVideosData = z.infer<typeof categoryVideosData>;

/** POST sub_categories_videos: pages of PAGE_SIZE by admin_video_id; `page` (1-based) or `skip` (items). */
export const subCategoryVideosRequest = z.object({
  sub_category_id: catalogId,
  skip,
  page,
});
export type SubCategoryVideosRequest = WireInput<typeof subCategoryVideosRequest>;

/** `total` counts the listed videos (paging); `videos_count`, `watched_count` and `progress` the ones visible to the caller. */
export const subCategoryVideosData = videoPage.extend({
  sub_category: z.object({ sub_category_id: z.number(), name: z.string(), category_id: z.number(), category_name: z.string() }),
  videos_count: z.number(),
  watched_count: z.number(),
  progress,
});
export type SubCategoryVideosData = z.infer<typeof subCategoryVideosData>;

/** GET get_watch_user_video?SubCategoryId= : the caller's watched videos among the sub-category's listed ones visible to them. */
export const watchedCountQuery = z.object({ SubCategoryId: catalogId });
export type WatchedCountQuery = WireInput<typeof watchedCountQuery>;
export const watchedCountData = z.object({ sub_category_id: z.number(), watched: z.number(), total: z.number(), progress });
export type WatchedCountData = z.infer<typeof watchedCountData>;

/** GET last-video-watched-by-category/{id} and last-video-watched-by-user/{userId}: the video to resume, null when none. */
export const lastVideoData = z.object({
  id: z.number().nullable(),
  /** Where to resume that video, in whole seconds (0 when never started or finished). */
  resume_seconds: z.number(),
});
export type LastVideoData = z.infer<typeof lastVideoData>;

/** GET get_all_organization_categories/{organizationId}?team_id= : the organization's categories in path order. */
export const organizationCategoriesQuery = z.object({ team_id: optionalId });
export const organizationCategory = z.object({
  category_id: z.number(),
  category: z.object({ id: z.number(), name: z.string(), picture: z.string().nullable() }),
  essential: z.number(),
  sort: z.number(),
});
export type OrganizationCategory = z.infer<typeof organizationCategory>;
export const organizationCategoriesData = z.object({ data: z.array(organizationCategory) });
export type OrganizationCategoriesData = z.infer<typeof organizationCategoriesData>;

/**
 * GET organization/teams-settings/{teamId}: the learning path that team's members follow (a team of the caller's organization;
 * 404 otherwise). `source` tells whose path it is: the team's own, the organization's default, or the catalog (nothing saved).
 * `data` is in path order; `sort` and `position` are both the position (from 1), `essential` 1 required, 0 optional.
 */
export const teamSettingsData = z.object({
  team_id: z.number(),
  source: z.enum(['team', 'organization', 'catalog']),
  data: z.array(organizationCategory.extend({ position: z.number() })),
  /** Ids of the videos hidden from the team, ascending. */
  hidden_video_ids: z.array(z.number()),
});
export type TeamSettingsData = z.infer<typeof teamSettingsData>;

// ---------------------------------------------------------------- videos

/** POST videos/view, videos/view/second, suggestions (`skip` pages suggestions; ignored by the others). */
export const videoRequest = z.object({
  admin_video_id: catalogId,
  skip,
});
export type VideoRequest = WireInput<typeof videoRequest>;

export const trailer = z.object({
  name: z.string(),
  default_image: z.string().nullable(),
  /** Signed master playlist URL; null without access. */
  main_video: z.string().nullable(),
  resolutions,
  /** Not null while its streams are prepared (a first start): the player says so instead of playing; null without access. */
  preparing: preparation.nullable(),
});
export type Trailer = z.infer<typeof trailer>;

/** POST videos/view/second. */
export const videoSecondData = z.object({ trailer_section: z.array(trailer) });
export type VideoSecondData = z.infer<typeof videoSecondData>;

/** POST suggestions: same sub-category first, then the rest of the category; never the video itself. */
export const suggestionsData = videoPage;
export type SuggestionsData = z.infer<typeof suggestionsData>;

export const URL_TYPES = ['URL_TYPE_NEW_RELEASE', 'URL_TYPE_SUGGESTION', 'URL_TYPE_WISHLIST'] as const;
export type UrlType = (typeof URL_TYPES)[number];

/**
 * POST see_all: in_production videos only. url_type New Releases (newest first), Recommended
 * (most liked the caller has not watched) or My List (latest added first); or, with cast_crew_id
 * and videoType 'cast', the videos of an expert.
 */
export const seeAllRequest = z
  .object({
    url_type: z
      .enum(['', ...URL_TYPES], { error: `must be one of ${URL_TYPES.join(', ')}` })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    cast_crew_id: optionalId,
    videoType: z.string().max(20).optional(),
    title: z.string().max(200).optional(),
    skip,
    page,
  })
  .refine((r) => r.url_type !== undefined || r.cast_crew_id !== undefined, { message: 'url_type or cast_crew_id is required', path: ['url_type'] });
export type SeeAllRequest = WireInput<typeof seeAllRequest>;

export const seeAllData = videoPage.extend({ title: z.string(), url_type: z.string() });
export type SeeAllData = z.infer<typeof seeAllData>;

/** POST wishlists/operations: toggles the video in My List. */
/**
 * Optional on the writes the web app can queue offline (watch reports, likes, My List; issue 17): the write's own id.
 * A write whose id the server already received from this member does nothing again, so a replay is applied once.
 */
export const writeId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes')
  .optional();

export const wishlistRequest = z.object({ admin_video_id: catalogId, request_id: writeId });
export type WishlistRequest = WireInput<typeof wishlistRequest>;
/** wishlist_id null when removed; the list is on when wishlist_id is set. */
export const wishlistData = z.object({ wishlist_id: z.number().nullable(), wishlist_status: z.number() });
export type WishlistData = z.infer<typeof wishlistData>;

/** POST videos/like and videos/dis_like: one vote per member; pressing the same again removes it. */
export const likeRequest = z.object({ admin_video_id: catalogId, request_id: writeId });
export type LikeRequest = WireInput<typeof likeRequest>;
export const likeData = z.object({ like_count: z.number(), dislike_count: z.number(), user_vote: z.number() });
export type LikeData = z.infer<typeof likeData>;

/**
 * POST watch-user-video: `timeSpent` in minutes (ms / 60000), sent when leaving the player.
 * `user` is the caller's id. Answers 201 with the caller's state on the video.
 */
export const watchRequest = z.object({
  user: catalogId,
  video: catalogId,
  timeSpent: z
    .union([z.number(), z.string().trim().min(1, 'must be a number of minutes')], { error: 'must be a number of minutes' })
    .transform(Number)
    .pipe(z.number({ error: 'must be a number of minutes' }).min(0, 'must be 0 or more').max(1440, 'must be at most 1440 minutes')),
  /** Optional: the player's position in seconds when it reported (kept for resuming); absent keeps the last one. */
  position: z
    .union([z.number(), z.string().trim()], { error: 'must be a number of seconds' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v)))
    .pipe(z.number({ error: 'must be a number of seconds' }).min(0, 'must be 0 or more').max(86_400, 'must be at most 86400 seconds').optional()),
  /** Optional: the report's own id (see writeId): a replayed report counts once. */
  request_id: writeId,
});
export type WatchRequest = WireInput<typeof watchRequest>;
export const watchData = z.object({
  video_id: z.number(),
  watched: z.number(),
  /** Seconds watched, at most the duration. */
  progress: z.number(),
  /** ISO date-time when it became watched, else null. */
  watched_at: z.string().nullable(),
});
export type WatchData = z.infer<typeof watchData>;

// ---------------------------------------------------------------- experts

export const expertItem = z.object({
  cast_crew_id: z.number(),
  name: z.string(),
  bio: z.string(),
  picture: z.string().nullable(),
  /** Videos of the expert in production. */
  videos_count: z.number(),
});
export type ExpertItem = z.infer<typeof expertItem>;

/** GET /api/experts */
export const expertsData = z.array(expertItem);
export type ExpertsData = z.infer<typeof expertsData>;

/** GET /api/experts/{cast_crew_id}: the expert and their videos in production, newest first. */
export const expertDetailData = expertItem.extend({ videos: z.array(videoCard) });
export type ExpertDetailData = z.infer<typeof expertDetailData>;

/** POST /api/experts/{cast_crew_id}/contact: e-mailed to the expert with the member's address to reply to; 201. Not for guests. */
export const contactExpertRequest = z.object({
  message: z.string().trim().min(10, 'The message must be at least 10 characters').max(5000, 'The message may have at most 5000 characters'),
  admin_video_id: optionalId,
});
export type ContactExpertRequest = WireInput<typeof contactExpertRequest>;

/**
 * GET /api/videos/{id}/playbook: the PDF as an attachment (fetch it with the Authorization header).
 * 403 for the guest (send them to /plans) and for members without a subscription.
 */
export const playbookPath = (videoId: number) => `/api/videos/${videoId}/playbook`;
