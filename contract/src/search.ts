import { z } from 'zod';
import type { WireInput } from './route.ts';
import { SEARCH_KINDS, SEARCH_QUERY_MAX, SEARCH_TAKE_DEFAULT, SEARCH_TAKE_MAX } from './search-limits.ts';

/**
 * GET /api/search?q=&skip=&take=&kind= : the catalog and the caption transcripts the caller may see,
 * matching every word of `q` (the last one as a prefix), best matches first. Each section pages with
 * the same skip/take; `kind` asks for one section only (its "show more").
 */

const count = (max: number, fallback: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d*$/, 'must be a whole number')], { error: 'must be a whole number' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? fallback : Number(v)))
    .pipe(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(max, `must be at most ${max}`));

export const searchQuery = z.object({
  q: z.string({ error: 'is required' }).trim().min(1, 'Type a word to search.').max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
  skip: count(10_000, 0),
  take: count(SEARCH_TAKE_MAX, SEARCH_TAKE_DEFAULT).pipe(z.number().min(1, 'must be 1 or more')),
  kind: z.enum(SEARCH_KINDS, { error: `must be one of ${SEARCH_KINDS.join(', ')}` }).optional(),
});
export type SearchQuery = WireInput<typeof searchQuery>;

/** Text with the matching words marked (`hit`); rendered as text, never as markup. */
export const snippet = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export type Snippet = z.infer<typeof snippet>;

const section = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    /** Matches counted up to SEARCH_TOTAL_CAP. */
    total: z.number(),
  });

export const videoHit = z.object({
  admin_video_id: z.number(),
  title: z.string(),
  default_image: z.string().nullable(),
  /** hh:mm:ss */
  duration: z.string(),
  category_name: z.string(),
  snippet,
});
export const categoryHit = z.object({ category_id: z.number(), name: z.string(), picture: z.string().nullable() });
export const subCategoryHit = z.object({ sub_category_id: z.number(), category_id: z.number(), name: z.string(), category_name: z.string() });
export const expertHit = z.object({ cast_crew_id: z.number(), name: z.string(), picture: z.string().nullable(), snippet });
export const cueHit = z.object({
  admin_video_id: z.number(),
  video_title: z.string(),
  /** Whole second the cue starts at: open /video/{id}?t={start_seconds}. */
  start_seconds: z.number(),
  lang: z.string(),
  snippet,
});
/**
 * A published lesson of the member's own organization (the studio): found by its title, category, description or
 * captions; only that organization's members ever get these. Open /our-lessons?play={lesson_id}&t={start_seconds}.
 */
export const ownLessonHit = z.object({
  lesson_id: z.number(),
  title: z.string(),
  category: z.string(),
  poster_url: z.string(),
  /** hh:mm:ss */
  duration: z.string(),
  snippet,
  /** Whole second of the first caption cue holding the words, null when only the title or description holds them. */
  start_seconds: z.number().nullable(),
  /** The version that second is in: 'es' for a cue of the narrated Spanish version (a Spanish member's), else 'en'. */
  lang: z.enum(['en', 'es']),
});
export type VideoHit = z.infer<typeof videoHit>;
export type OwnLessonHit = z.infer<typeof ownLessonHit>;
export type CategoryHit = z.infer<typeof categoryHit>;
export type SubCategoryHit = z.infer<typeof subCategoryHit>;
export type ExpertHit = z.infer<typeof expertHit>;
export type CueHit = z.infer<typeof cueHit>;

export const searchData = z.object({
  q: z.string(),
  skip: z.number(),
  take: z.number(),
  videos: section(videoHit),
  categories: section(categoryHit),
  sub_categories: section(subCategoryHit),
  experts: section(expertHit),
  cues: section(cueHit),
  own_lessons: section(ownLessonHit),
});
export type SearchData = z.infer<typeof searchData>;
