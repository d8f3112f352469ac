import type { LibraryLesson, LibraryLessonData, StudioLesson, StudioLessonsData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { type MediaSigner, mediaSigner } from '../media/index.ts';
import { assertOrganizationMember, assertStudioAuthor, assertStudioSuperUser } from './studio.policy.ts';
import {
  findLesson,
  insertLesson,
  isAuthor,
  type LessonRow,
  organizationLessons,
  organizationUser,
  publishedLessons,
  publishLesson,
  setAuthor,
  storageUsed,
} from './studio.queries.ts';

const NO_SUCH_LESSON = 'No such lesson in your organization.';

function studioLesson(row: LessonRow, signer: MediaSigner): StudioLesson {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    status: row.published_at === null ? 'draft' : 'published',
    media_state: row.media_state,
    progress: row.media_state === 'ready' ? 100 : row.progress,
    error: row.error,
    duration_seconds: row.duration_seconds,
    poster_url: row.media_state === 'ready' && row.content_hash ? signer.posterUrl(row.content_hash) : null,
    published_at: toIso(row.published_at),
    created_at: toIso(row.created_at) as string,
  };
}

function libraryLesson(row: LessonRow, signer: MediaSigner): LibraryLesson {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    duration_seconds: row.duration_seconds ?? 0,
    poster_url: signer.posterUrl(row.content_hash as string),
    published_at: toIso(row.published_at) as string,
  };
}

export async function studioLessons(ctx: AppContext, caller: Caller): Promise<StudioLessonsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const [rows, used, signer] = await Promise.all([organizationLessons(ctx.db, organizationId), storageUsed(ctx.db, organizationId), mediaSigner(ctx.db)]);
  const { maxUploadBytes, quotaBytes, maxSeconds } = ctx.config.studio;
  return {
    lessons: rows.map((row) => studioLesson(row, signer)),
    storage: { used_bytes: used, quota_bytes: quotaBytes, max_upload_bytes: maxUploadBytes, max_seconds: maxSeconds },
    can_manage_authors: caller.isSuperUser,
  };
}

export async function createStudioLesson(
  ctx: AppContext,
  caller: Caller,
  input: { title: string; category: string; description: string },
): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const id = await insertLesson(ctx.db, { organizationId, ...input, createdBy: caller.userId }, now());
  return studioLessonOf(ctx, caller, id);
}

export async function studioLessonOf(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  return studioLesson(row, await mediaSigner(ctx.db));
}

/** A draft whose video is ready becomes visible to the organization's members. */
export async function publishStudioLesson(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  if (row.published_at !== null) throw conflict('This lesson is already published.');
  if (row.media_state !== 'ready') throw conflict('Upload a video and wait until it is processed before publishing the lesson.');
  if (!(await publishLesson(ctx.db, lessonId, organizationId, now()))) throw conflict('This lesson changed meanwhile: reload it.');
  return studioLessonOf(ctx, caller, lessonId);
}

export async function setStudioAuthor(ctx: AppContext, caller: Caller, userId: number, author: boolean): Promise<{ user_id: number; author: boolean }> {
  const organizationId = assertStudioSuperUser(caller);
  if (!(await organizationUser(ctx.db, userId, organizationId))) throw notFound('No such person in your organization.');
  if (userId === caller.userId) throw badRequest('A super user is an author already.');
  await ctx.db.transaction().execute((trx) => setAuthor(trx, userId, organizationId, author, caller.userId, now()));
  return { user_id: userId, author: await isAuthor(ctx.db, userId, organizationId) };
}

/** Words of a library search, lower-cased (at most 8). */
const wordsOf = (q: string | undefined) => (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

export async function studioLibrary(ctx: AppContext, caller: Caller, q: string | undefined): Promise<{ lessons: LibraryLesson[] }> {
  const organizationId = assertOrganizationMember(caller);
  const [rows, signer] = await Promise.all([publishedLessons(ctx.db, organizationId, wordsOf(q)), mediaSigner(ctx.db)]);
  return { lessons: rows.map((row) => libraryLesson(row, signer)) };
}

export async function studioLibraryLesson(ctx: AppContext, caller: Caller, lessonId: number): Promise<LibraryLessonData> {
  const organizationId = assertOrganizationMember(caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  // A draft is as absent to a member as another organization's lesson.
  if (!row || row.published_at === null || row.media_state !== 'ready' || !row.content_hash) throw notFound('No such lesson.');
  const signer = await mediaSigner(ctx.db);
  return { ...libraryLesson(row, signer), stream_url: signer.url(row.content_hash, MASTER_PLAYLIST) };
}
