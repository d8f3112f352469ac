import { z } from 'zod';
import { captionTrack } from './catalog.ts';
import type { WireInput } from './route.ts';
import { studioVersionLang } from './studio-script.ts';

/**
 * The plant studio (issue 37): an organization's authors and super users make the organization's own lessons,
 * private to it. A lesson is a draft until published; its video is uploaded with the tus protocol
 * (`STUDIO_UPLOAD_PATH`), then probed and transcoded in the background.
 */

/** Where the tus endpoint lives (POST to create, HEAD for the offset, PATCH to send bytes). */
export const STUDIO_UPLOAD_PATH = '/api/studio/uploads';

export const studioMediaState = z.enum(['none', 'uploading', 'processing', 'ready', 'failed']);
export type StudioMediaState = z.infer<typeof studioMediaState>;

export const studioLesson = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  /**
   * `draft` until an author publishes it; members see published lessons only. `unpublished`: taken back from the
   * members after being published (its revisions kept); publishing it again brings its live revision back.
   */
  status: z.enum(['draft', 'published', 'unpublished']),
  media_state: studioMediaState,
  /** Percent of the processing done (100 once ready). */
  progress: z.number(),
  /** Why the video was refused or failed, in words; null otherwise. */
  error: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  poster_url: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  /** Lines of the lesson's English captions, else of its first language's (0 without captions): one track, not every language's. */
  caption_cues: z.number(),
  /** The live video's revision: 1 until a published lesson's video is replaced. */
  revision: z.number(),
  /** The replacement of a published lesson's video under way (uploading, processing or failed), null when none. */
  pending_revision: z.object({ requires_retraining: z.boolean(), summary: z.string() }).nullable(),
  /** Learning paths of the organization that hold the lesson (shown before it is unpublished or deleted). */
  in_paths: z.number(),
  /** Made from a script (studio_lesson_scripts): it may have a narrated Spanish version. */
  from_script: z.boolean(),
});
export type StudioLesson = z.infer<typeof studioLesson>;

/** Lessons per page of the studio's list (at most STUDIO_LESSONS_MAX_TAKE a call). */
export const STUDIO_LESSONS_PAGE = 24;
export const STUDIO_LESSONS_MAX_TAKE = 100;
/** The studio list's orders: newest created first (the default), oldest first, or by title (A to Z). */
export const studioLessonsSort = z.enum(['newest', 'oldest', 'title']);
export type StudioLessonsSort = z.infer<typeof studioLessonsSort>;
/**
 * The studio's list a page at a time: `take` lessons from `skip` in the `sort` order, only those whose title, category
 * or description hold every word of `q` (case and accents ignored; the last word may be the start of one).
 */
export const studioLessonsQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  sort: studioLessonsSort.default('newest'),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(STUDIO_LESSONS_MAX_TAKE).default(STUDIO_LESSONS_PAGE),
});
export type StudioLessonsQuery = WireInput<typeof studioLessonsQuery>;

export const studioLessonsData = z.object({
  /** One page of the lessons matching `q`, in the asked order. */
  lessons: z.array(studioLesson),
  /** Lessons matching `q`, all pages together. */
  total: z.number(),
  skip: z.number(),
  take: z.number(),
  /** Bytes of uploads the organization holds, and its quota. */
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number(), max_upload_bytes: z.number(), max_seconds: z.number() }),
  can_manage_authors: z.boolean(),
});
export type StudioLessonsData = z.infer<typeof studioLessonsData>;

export const createStudioLessonRequest = z.object({
  title: z.string().trim().min(1, 'Please give the lesson a title.').max(200),
  category: z.string().trim().min(1, 'Please name the category.').max(100),
  description: z.string().trim().max(5000).default(''),
});
export type CreateStudioLessonRequest = WireInput<typeof createStudioLessonRequest>;
/** A lesson's title, category and description changed: the same rules as at its creation. */
export const updateStudioLessonRequest = createStudioLessonRequest;
export type UpdateStudioLessonRequest = CreateStudioLessonRequest;
export const deletedStudioLesson = z.object({ id: z.number() });

/** One revision of a published lesson's video: the first publication, each new video, each restore. */
export const studioRevision = z.object({
  revision: z.number(),
  created_at: z.string(),
  /** Who made it (their name; empty when the account is gone). */
  by: z.string(),
  requires_retraining: z.boolean(),
  summary: z.string(),
  duration_seconds: z.number(),
  /** The earlier revision this one brought back, null for a new video. */
  restored_from: z.number().nullable(),
  /** The revision members play (the lesson's current one). */
  live: z.boolean(),
});
export const studioRevisionsData = z.object({ revisions: z.array(studioRevision) });
export type StudioRevision = z.infer<typeof studioRevision>;
export type StudioRevisionsData = z.infer<typeof studioRevisionsData>;

/** Brings an earlier revision's video back as a new revision (history is never rewritten). */
export const restoreStudioRevisionRequest = z.object({
  /** Why it is brought back (the revision's summary says "Restores revision N" before it). */
  summary: z.string().trim().max(400).default(''),
  requires_retraining: z.boolean().default(false),
});
export type RestoreStudioRevisionRequest = WireInput<typeof restoreStudioRevisionRequest>;

export const studioAuthorRequest = z.object({ author: z.boolean() });
export const studioAuthor = z.object({ user_id: z.number(), author: z.boolean() });

/** The people a super user may make authors: q filters by name, e-mail, employee number or role. */
export const studioPeopleQuery = z.object({ q: z.string().trim().max(100).optional() });
export const studioPerson = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  employee_number: z.string().nullable(),
  role: z.string().nullable(),
  /** A super user is an author already (not switchable). */
  super_user: z.boolean(),
  author: z.boolean(),
});
export const studioPeopleData = z.object({
  people: z.array(studioPerson),
  /** People matching q; at most STUDIO_PEOPLE_PAGE are listed (the authors first). */
  total: z.number(),
});
export const STUDIO_PEOPLE_PAGE = 50;
export type StudioPerson = z.infer<typeof studioPerson>;
export type StudioPeopleData = z.infer<typeof studioPeopleData>;

/** A caption language: a BCP 47 tag such as en or es-MX. */
export const captionLang = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'is not a language tag (such as en or es-MX)')
  .max(16);

/** A lesson's captions of one language: a WebVTT file's text (replaces that language's earlier track). */
export const STUDIO_CAPTIONS_MAX_CHARS = 1024 * 1024;
export const studioCaptionsRequest = z.object({
  vtt: z.string().min(1, 'Choose a WebVTT (.vtt) file.').max(STUDIO_CAPTIONS_MAX_CHARS, 'The captions file may be 1 MB at most.'),
  /** The captions' language; English when absent. Each language is a track of its own. */
  lang: captionLang.default('en'),
  /**
   * A machine translation's review: true makes the saved track the author's (members no longer see "machine
   * translation"); a machine draft saved without it stays a draft. Ignored for an author's track.
   */
  reviewed: z.boolean().default(false),
});
/** Which of the lesson's tracks the editor opens: its English one (else its first) when absent. */
export const studioCaptionsQuery = z.object({ lang: captionLang.optional() });
/** A machine draft of a language asked for, from the lesson's English track (Apertium). */
export const studioCaptionsDraftRequest = z.object({ lang: captionLang });

/** One cue of a lesson's captions, as the studio's captions editor lists it. */
export const studioCaptionCue = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  text: z.string(),
  /** A narrated version's line only: 'machine' while it holds Apertium's words as drafted, 'author' once an author wrote them. */
  origin: z.enum(['author', 'machine']).optional(),
});
/** One of a lesson's caption tracks, as the editor's language picker lists it. */
export const studioCaptionTrack = z.object({
  lang: z.string(),
  /** 'machine': drafted by Apertium and not reviewed yet. */
  origin: z.enum(['author', 'machine']),
  /** A machine draft of an earlier version of the English track. */
  out_of_date: z.boolean(),
  cues: z.number(),
});
/** A lesson's captions for its authors' editor: one track's language and cues, the lesson's tracks, and its video. */
export const studioCaptionsData = z.object({
  /** The language shown; null for a lesson without captions yet. */
  lang: z.string().nullable(),
  /** The shown track's origin; null when that language has no track yet (a new one). */
  origin: z.enum(['author', 'machine']).nullable(),
  cues: z.array(studioCaptionCue),
  /** Every track of the lesson, English first, then by language. */
  tracks: z.array(studioCaptionTrack),
  /** The lesson's current video (signed for its authors), null before one is processed. */
  stream_url: z.string().nullable(),
  /** The narrated version shown (its captions, timed to its own video), null for a track of the lesson's own video. */
  version: studioVersionLang.nullable(),
  /** The lesson's narrated versions with captions to edit (rendered): ['es'] when it has a Spanish version. */
  versions: z.array(studioVersionLang),
});
/** A narrated version's captions as the editor saves them: a WebVTT file's text (replaces the version's captions). */
export const studioVersionCaptionsRequest = studioCaptionsRequest.pick({ vtt: true });
export type StudioCaptionCue = z.infer<typeof studioCaptionCue>;
export type StudioCaptionTrack = z.infer<typeof studioCaptionTrack>;
export type StudioCaptionsData = z.infer<typeof studioCaptionsData>;

/** A published lesson as the organization's members see it in their library. */
export const libraryLesson = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  duration_seconds: z.number(),
  poster_url: z.string(),
  published_at: z.string(),
});
/** A page of the members' library: `take` lessons from `skip`, newest published first, and how many match `q` in all. */
export const libraryLessonsData = z.object({ lessons: z.array(libraryLesson), total: z.number(), skip: z.number(), take: z.number() });
export const libraryQuery = z.object({
  q: z.string().trim().max(100).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(STUDIO_LESSONS_MAX_TAKE).default(STUDIO_LESSONS_PAGE),
});
/** Which narrated version of a lesson to play ('en' the lesson's own, 'es' its Spanish version); the member's language when absent. */
export const libraryLessonQuery = z.object({ lang: z.enum(['en', 'es']).optional() });
export const libraryLessonData = libraryLesson.extend({
  stream_url: z.string(),
  /** The version played: 'en' (the lesson's own video) or 'es' (its narrated Spanish version). */
  lang: z.enum(['en', 'es']),
  /** The versions a member may switch between (['en'] when the lesson has no other). */
  versions: z.array(z.enum(['en', 'es'])),
  /** The lesson's caption tracks (signed WebVTT URLs) for the player's captions menu; empty without captions. */
  captions: z.array(captionTrack),
});
export type LibraryLesson = z.infer<typeof libraryLesson>;
export type LibraryLessonsData = z.infer<typeof libraryLessonsData>;
export type LibraryLessonData = z.infer<typeof libraryLessonData>;

/** An own lesson as a learning path shows it (the path creator's list, a member's path). */
export const pathOwnLesson = z.object({
  lesson_id: z.number(),
  title: z.string(),
  category: z.string(),
  poster_url: z.string(),
  duration_seconds: z.number(),
});
export type PathOwnLesson = z.infer<typeof pathOwnLesson>;

/** An own lesson of a member's path with where they stand: watched once 90% of it was played, like a video. */
export const memberPathOwnLesson = pathOwnLesson.extend({
  watched: z.boolean(),
  /** Percent of the lesson played (100 once watched). */
  progress: z.number(),
});
export type MemberPathOwnLesson = z.infer<typeof memberPathOwnLesson>;

/** A path's own lessons, in order, and the organization's published lessons the creator may add. */
export const pathLessonsData = z.object({ lessons: z.array(pathOwnLesson), available: z.array(pathOwnLesson) });
export type PathLessonsData = z.infer<typeof pathLessonsData>;
export const MAX_PATH_LESSONS = 100;

/** A member's playing of an own lesson: seconds played since the last report (at most a minute) and the position. */
export const lessonWatchRequest = z.object({
  seconds: z.number().min(0).max(60),
  position: z.number().min(0),
});
export const lessonWatchData = z.object({ seconds: z.number(), watched: z.boolean() });

/** The studio's audit log (super users): who changed which lesson when. */
export const STUDIO_AUDIT_PAGE = 50;
export const studioAuditQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const studioAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Who made the change (their name; empty when the account is gone). */
  by: z.string(),
  action: z.enum(['created', 'edited', 'published', 'unpublished', 'deleted', 'revised', 'captions']),
  lesson_id: z.number().nullable(),
  /** The lesson's title at the time. */
  title: z.string(),
  detail: z.string(),
});
export const studioAuditData = z.object({ entries: z.array(studioAuditEntry), total: z.number(), page: z.number(), page_size: z.number() });
export type StudioAuditEntry = z.infer<typeof studioAuditEntry>;
export type StudioAuditData = z.infer<typeof studioAuditData>;
