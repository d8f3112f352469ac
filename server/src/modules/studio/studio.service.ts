import {
  type CaptionTrack,
  type LibraryLesson,
  type LibraryLessonData,
  type MemberPathOwnLesson,
  type OwnLessonHit,
  type PathOwnLesson,
  STUDIO_AUDIT_PAGE,
  STUDIO_PEOPLE_PAGE,
  STUDIO_VERSION_LANGS,
  type StudioAuditData,
  type StudioCaptionsData,
  type StudioLesson,
  type StudioLessonsData,
  type StudioLessonsSort,
  type StudioPeopleData,
  type StudioRevisionsData,
  type StudioVersionLang,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now, toIso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { highlight, MAX_QUERY_WORDS, type ParsedQuery, searchWords } from '../../lib/search-text.ts';
import type { Caller } from '../auth/index.ts';
import {
  ApertiumError,
  CAPTIONS_FILE,
  type Cue,
  canMachineTranslate,
  machineLabelOf,
  machineTranslateCues,
  parseWebVtt,
  storeCaptionTrack,
  WebVttError,
} from '../captions/index.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { type MediaSigner, mediaSigner } from '../media/index.ts';
import { formatDuration } from '../videos/index.ts';
import { assertOrganizationMember, assertStudioAuthor, assertStudioSuperUser, ownLessonsReader } from './studio.policy.ts';
import {
  addLessonWatch,
  auditPage,
  findLesson,
  findRevision,
  firstMatchingCues,
  insertAudit,
  insertLesson,
  insertRevision,
  isAuthor,
  type LessonRow,
  type LessonTrack,
  lessonCues,
  lessonTracks,
  lessonWatchesOf,
  markLessonDeleted,
  organizationLessonsPage,
  organizationPeople,
  organizationUser,
  publishedLessons,
  publishedLessonsOf,
  publishLesson,
  quotaOf,
  replaceLessonTrack,
  revisionsOf,
  searchPublishedLessons,
  setAuthor,
  storageUsed,
  unpublishLesson,
  updateLessonDetails,
} from './studio.queries.ts';
import { authorGrant, memberGrant } from './studio-media-gate.ts';
import { everPublished } from './studio-processing.ts';
import { makeRevisionLive } from './studio-revisions.ts';
import { findVersion, playableVersionLangs, replaceVersionCaptions, versionCues } from './studio-versions.queries.ts';

const NO_SUCH_LESSON = 'No such lesson in your organization.';

function studioLesson(row: LessonRow, signer: MediaSigner): StudioLesson {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    status: row.published_at !== null ? 'published' : row.unpublished_at !== null ? 'unpublished' : 'draft',
    media_state: row.media_state,
    progress: row.media_state === 'ready' ? 100 : row.progress,
    error: row.error,
    duration_seconds: row.duration_seconds,
    // The live video's (a published lesson keeps it while a new revision is processed).
    poster_url: row.content_hash ? signer.posterUrl(row.content_hash, authorGrant(row.id)) : null,
    published_at: toIso(row.published_at),
    created_at: toIso(row.created_at) as string,
    caption_cues: Number(row.caption_cues ?? 0),
    revision: row.revision,
    pending_revision:
      row.pending_requires_retraining === null ? null : { requires_retraining: row.pending_requires_retraining === 1, summary: row.pending_summary ?? '' },
    in_paths: Number(row.in_paths ?? 0),
    from_script: Number(row.scripts ?? 0) > 0,
  };
}

/** The organization's storage quota in bytes: its own (platform set-studio-quota), else STUDIO_QUOTA_MB. */
export async function studioQuotaBytes(ctx: AppContext, organizationId: number): Promise<number> {
  return (await quotaOf(ctx.db, organizationId)) ?? ctx.config.studio.quotaBytes;
}

function libraryLesson(row: LessonRow, signer: MediaSigner): LibraryLesson {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    duration_seconds: row.duration_seconds ?? 0,
    poster_url: signer.posterUrl(row.content_hash as string, memberGrant(row.id)),
    published_at: toIso(row.published_at) as string,
  };
}

/** The studio's list: a page of the organization's lessons (q, sort), its storage, and whether the caller manages authors. */
export async function studioLessons(
  ctx: AppContext,
  caller: Caller,
  q: { q?: string; sort: StudioLessonsSort; skip: number; take: number },
): Promise<StudioLessonsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const [{ rows, total }, used, quotaBytes, signer] = await Promise.all([
    organizationLessonsPage(ctx.db, organizationId, { words: searchWords(q.q ?? '').slice(0, MAX_QUERY_WORDS), sort: q.sort }, { skip: q.skip, take: q.take }),
    storageUsed(ctx.db, organizationId),
    studioQuotaBytes(ctx, organizationId),
    mediaSigner(ctx.db),
  ]);
  const { maxUploadBytes, maxSeconds } = ctx.config.studio;
  return {
    lessons: rows.map((row) => studioLesson(row, signer)),
    total,
    skip: q.skip,
    take: q.take,
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
  const id = await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    const lessonId = await insertLesson(trx, { organizationId, ...input, createdBy: caller.userId }, t);
    await insertAudit(
      trx,
      { organizationId, lessonId, userId: caller.userId, action: 'created', title: input.title, detail: `Category: ${input.category}` },
      t,
    );
    return lessonId;
  });
  return studioLessonOf(ctx, caller, id);
}

export async function studioLessonOf(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  return studioLesson(row, await mediaSigner(ctx.db));
}

/**
 * A draft whose video is ready becomes visible to the organization's members (its first revision), or an unpublished
 * lesson again with its live revision (no new revision: the video is the one it had).
 */
export async function publishStudioLesson(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  if (row.published_at !== null) throw conflict('This lesson is already published.');
  const again = row.unpublished_at !== null;
  if (again ? row.media_asset_id === null : row.media_state !== 'ready')
    throw conflict('Upload a video and wait until it is processed before publishing the lesson.');
  const published = await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    if (!(await publishLesson(trx, lessonId, organizationId, t))) return false;
    const detail = again ? `Published again with revision ${row.revision}` : `Revision ${row.revision}`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'published', title: row.title, detail }, t);
    if (again) return true;
    // The first revision: the video the members see from now on.
    await insertRevision(
      trx,
      {
        lessonId,
        revision: row.revision,
        mediaAssetId: row.media_asset_id as number,
        durationSeconds: row.duration_seconds ?? 0,
        requiresRetraining: false,
        summary: 'First published',
        by: caller.userId,
      },
      t,
    );
    return true;
  });
  if (!published) throw conflict('This lesson changed meanwhile: reload it.');
  return studioLessonOf(ctx, caller, lessonId);
}

/**
 * A published lesson taken back: from now on its members no longer find it in their library, the search or their
 * learning paths, its page answers 404 and the media URLs handed out for it stop at once (studio-media-gate.ts).
 * Its revisions, watch time and path places stay, so publishing it again brings it back as it was.
 */
export async function unpublishStudioLesson(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  if (row.published_at === null) throw conflict('This lesson is not published.');
  const done = await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    if (!(await unpublishLesson(trx, lessonId, organizationId, t))) return false;
    const paths = Number(row.in_paths ?? 0);
    const detail = `Taken back from the members at revision ${row.revision}${paths > 0 ? `; it stays in ${paths} learning ${paths === 1 ? 'path' : 'paths'}, hidden until published again` : ''}`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'unpublished', title: row.title, detail }, t);
    return true;
  });
  if (!done) throw conflict('This lesson changed meanwhile: reload it.');
  return studioLessonOf(ctx, caller, lessonId);
}

/** A lesson's title, category and description change; the audit log keeps what they were. */
export async function updateStudioLesson(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  input: { title: string; category: string; description: string },
): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  const changes = (['title', 'category', 'description'] as const)
    .filter((field) => row[field] !== input[field])
    .map((field) => `${field[0]?.toUpperCase()}${field.slice(1)}: "${row[field]}" → "${input[field]}"`);
  if (changes.length === 0) return studioLesson(row, await mediaSigner(ctx.db));
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    if (!(await updateLessonDetails(trx, lessonId, organizationId, input, t))) throw notFound(NO_SUCH_LESSON);
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'edited', title: input.title, detail: changes.join('; ') }, t);
  });
  return studioLessonOf(ctx, caller, lessonId);
}

/**
 * Deletes a lesson: nobody sees it again (studio, library, search, paths, player) and its uploads stop counting
 * against the quota. Its revisions, its members' watch time and the audit log are kept (the record of who was trained
 * on what); the paths that held it simply no longer show it. `dropFiles` removes the uploads' bytes after the commit.
 */
export async function deleteStudioLesson(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  dropFiles: (uploadIds: string[]) => Promise<void>,
): Promise<{ id: number }> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  const uploads = await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    const dropped = await markLessonDeleted(trx, lessonId, organizationId, t);
    if (dropped === null) return null;
    const paths = Number(row.in_paths ?? 0);
    const state =
      row.published_at !== null ? `published, revision ${row.revision}` : row.unpublished_at !== null ? `unpublished, revision ${row.revision}` : 'draft';
    const detail = `Deleted (${state}; left ${paths} learning ${paths === 1 ? 'path' : 'paths'}); revisions and watch history kept`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'deleted', title: row.title, detail }, t);
    return dropped;
  });
  if (uploads === null) throw notFound(NO_SUCH_LESSON);
  await dropFiles(uploads).catch((error: unknown) => ctx.log.warn({ event: 'studio_upload_files_left', lessonId, err: error }));
  return { id: lessonId };
}

/** A lesson's revisions, newest first, for its authors. */
export async function studioLessonRevisions(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioRevisionsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  const rows = await revisionsOf(ctx.db, lessonId);
  return {
    revisions: rows.map((r) => ({
      revision: r.revision,
      created_at: toIso(r.created_at) as string,
      by: `${r.name ?? ''} ${r.last_name ?? ''}`.trim(),
      requires_retraining: r.requires_retraining === 1,
      summary: r.summary,
      duration_seconds: Number(r.duration_seconds),
      restored_from: r.restored_from,
      live: r.revision === row.revision,
    })),
  };
}

/**
 * An earlier revision's video comes back as the lesson's next revision (the history stays as it was: revision N+1
 * "restores revision K"), with the author's retraining choice, as a new video would.
 */
export async function restoreStudioRevision(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  revision: number,
  input: { summary: string; requires_retraining: boolean },
): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  if (!everPublished(row)) throw conflict('A draft has no revisions: publish it first.');
  if (row.media_state === 'uploading' || row.media_state === 'processing')
    throw conflict('A new video for this lesson is under way: wait until it is processed (or let it fail) before restoring a revision.');
  const earlier = await findRevision(ctx.db, lessonId, revision);
  if (!earlier) throw notFound('No such revision of this lesson.');
  if (earlier.media_asset_id === row.media_asset_id) throw conflict(`Revision ${revision}'s video is the one members play already.`);
  const summary = `Restores revision ${revision}${input.summary ? `: ${input.summary}` : ''}`;
  const made = await ctx.db.transaction().execute((trx) =>
    makeRevisionLive(
      trx,
      row,
      {
        assetId: earlier.media_asset_id,
        durationSeconds: Number(earlier.duration_seconds),
        requiresRetraining: input.requires_retraining,
        summary,
        by: caller.userId,
        restoredFrom: revision,
      },
      now(),
    ),
  );
  if (made === null) throw conflict('This lesson changed meanwhile: reload it.');
  return studioLessonOf(ctx, caller, lessonId);
}

export async function setStudioAuthor(ctx: AppContext, caller: Caller, userId: number, author: boolean): Promise<{ user_id: number; author: boolean }> {
  const organizationId = assertStudioSuperUser(caller);
  if (!(await organizationUser(ctx.db, userId, organizationId))) throw notFound('No such person in your organization.');
  if (userId === caller.userId) throw badRequest('A super user is an author already.');
  await ctx.db.transaction().execute((trx) => setAuthor(trx, userId, organizationId, author, caller.userId, now()));
  return { user_id: userId, author: await isAuthor(ctx.db, userId, organizationId) };
}

/** A WebVTT file's cues, read by the captions module's strict reader; a refusal names the cue it is about. */
function captionCuesOf(vtt: string): Cue[] {
  let cues: Cue[];
  try {
    cues = parseWebVtt(Buffer.from(vtt, 'utf8'));
  } catch (error) {
    // The editor writes one cue per block in its list's order: the cue's number finds it there.
    if (error instanceof WebVttError)
      throw badRequest(error.cue === undefined ? `The captions file ${error.message}.` : `Cue ${error.cue}: the captions file ${error.message}.`);
    throw error;
  }
  if (cues.length === 0) throw badRequest('The captions file holds no cue.');
  return cues;
}

/**
 * Replaces a lesson's captions of one language with a WebVTT file's cues (a draft's or a published lesson's: the video
 * is unchanged); the other languages' tracks stay. A machine draft saved again stays a draft unless the author marks
 * it reviewed: then it is the author's, and members no longer see "machine translation" on it.
 */
export async function setStudioLessonCaptions(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  input: { vtt: string; lang: string; reviewed: boolean },
): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const lesson = await findLesson(ctx.db, lessonId, organizationId);
  if (!lesson) throw notFound(NO_SUCH_LESSON);
  const { lang } = input;
  const cues = captionCuesOf(input.vtt);
  // The player's track: the sanitized file the captions module writes for catalog videos (cues rewritten, no markup).
  const hash = await storeCaptionTrack(ctx.storage, cues);
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    const before = (await lessonTracks(trx, lessonId)).find((track) => track.lang === lang);
    const draft = before?.origin === 'machine' && !input.reviewed;
    await replaceLessonTrack(
      trx,
      lessonId,
      cues,
      { lang, hash, origin: draft ? 'machine' : 'author', sourceHash: draft ? before.source_hash : null, by: caller.userId },
      t,
    );
    const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;
    const review = before?.origin === 'machine' ? (draft ? ', machine translation kept as a draft' : ', machine translation reviewed') : '';
    const detail = `Captions (${lang}): ${lines(cues.length)}, replacing ${before?.cues ?? 0}${review}`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'captions', title: lesson.title, detail }, t);
  });
  return studioLessonOf(ctx, caller, lessonId);
}

/**
 * A machine draft of the lesson's captions in `lang` from its English track, with Apertium (the captions module's
 * translation), cue by cue at the same times, kept as a machine track until an author reviews it. An author's track
 * of that language is never replaced.
 */
export async function draftStudioLessonCaptions(ctx: AppContext, caller: Caller, lessonId: number, lang: string): Promise<StudioCaptionsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const lesson = await findLesson(ctx.db, lessonId, organizationId);
  if (!lesson) throw notFound(NO_SUCH_LESSON);
  if (!canMachineTranslate(DRAFT_FROM, lang)) throw badRequest('Machine translation drafts Spanish (es) captions from English ones only.');
  const tracks = await lessonTracks(ctx.db, lessonId);
  const source = tracks.find((track) => track.lang === DRAFT_FROM);
  if (!source) throw conflict('The lesson has no English captions to translate: write or import them first.');
  if (tracks.find((track) => track.lang === lang)?.origin === 'author')
    throw conflict('This language has captions by an author already: edit them in the captions editor.');
  const english = (await lessonCues(ctx.db, lessonId, DRAFT_FROM)).map((c) => ({ startMs: c.start_ms, endMs: c.end_ms, text: c.text }));
  let drafted: Cue[];
  try {
    drafted = await machineTranslateCues(DRAFT_FROM, lang, english);
  } catch (error) {
    if (!(error instanceof ApertiumError)) throw error;
    ctx.log.error({ event: 'studio_caption_draft_failed', lessonId, reason: error.message });
    throw new AppError(503, 'Machine translation is not available on this server right now: write the captions, or import a .vtt file.', {
      code: 'unavailable',
    });
  }
  const hash = await storeCaptionTrack(ctx.storage, drafted);
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    // The English track may have changed, or an author saved this language, while Apertium ran.
    const current = await lessonTracks(trx, lessonId);
    if (current.find((track) => track.lang === DRAFT_FROM)?.hash !== source.hash || current.find((track) => track.lang === lang)?.origin === 'author')
      throw conflict('The captions changed meanwhile: reload them and draft again.');
    await replaceLessonTrack(trx, lessonId, drafted, { lang, hash, origin: 'machine', sourceHash: source.hash, by: caller.userId }, t);
    const detail = `Captions (${lang}): ${drafted.length} ${drafted.length === 1 ? 'line' : 'lines'} drafted by machine translation from English`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'captions', title: lesson.title, detail }, t);
  });
  return studioLessonCaptions(ctx, caller, lessonId, lang);
}

/** The language machine drafts are made from. */
const DRAFT_FROM = 'en';

/** Whether a machine track was drafted from the lesson's current English track. */
const outOfDate = (track: LessonTrack, tracks: LessonTrack[]) =>
  track.origin === 'machine' && tracks.find((t) => t.lang === DRAFT_FROM)?.hash !== track.source_hash;

/** A lesson's tracks as the editor's language picker lists them. */
const editorTracks = (tracks: LessonTrack[]) => tracks.map((t) => ({ lang: t.lang, origin: t.origin, out_of_date: outOfDate(t, tracks), cues: t.cues }));

/** The narrated versions whose captions an author may edit (rendered: they have captions). */
const captionedVersions = async (db: Db, lessonId: number): Promise<StudioVersionLang[]> =>
  (await playableVersionLangs(db, lessonId)).filter((lang): lang is StudioVersionLang => (STUDIO_VERSION_LANGS as readonly string[]).includes(lang));

/**
 * A lesson's captions of one language for its authors' editor (its English track, else its first, when `lang` is
 * absent; a language without a track reads as a new, empty one), with its tracks and its video signed for them.
 */
export async function studioLessonCaptions(ctx: AppContext, caller: Caller, lessonId: number, lang?: string): Promise<StudioCaptionsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  const [tracks, signer, versions] = await Promise.all([lessonTracks(ctx.db, lessonId), mediaSigner(ctx.db), captionedVersions(ctx.db, lessonId)]);
  const shown = lang ?? tracks[0]?.lang ?? null;
  const track = tracks.find((t) => t.lang === shown);
  return {
    lang: shown,
    origin: track?.origin ?? null,
    cues: shown && track ? await lessonCues(ctx.db, lessonId, shown) : [],
    tracks: editorTracks(tracks),
    stream_url: row.content_hash ? signer.url(row.content_hash, MASTER_PLAYLIST, authorGrant(row.id)) : null,
    version: null,
    versions,
  };
}

const NOT_RENDERED = 'This version has no captions yet: render it first.';

/**
 * A narrated version's captions for its authors' editor: its cues timed to its own video (each 'machine' while it
 * holds Apertium's words as drafted), the lesson's tracks and the version's video. Refused (409) before a rendition.
 */
export async function studioVersionCaptions(ctx: AppContext, caller: Caller, lessonId: number, lang: StudioVersionLang): Promise<StudioCaptionsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row) throw notFound(NO_SUCH_LESSON);
  const version = await findVersion(ctx.db, lessonId, lang);
  if (!version?.content_hash || !version.captions_hash) throw conflict(NOT_RENDERED);
  const [cues, tracks, signer, versions] = await Promise.all([
    versionCues(ctx.db, lessonId, lang),
    lessonTracks(ctx.db, lessonId),
    mediaSigner(ctx.db),
    captionedVersions(ctx.db, lessonId),
  ]);
  return {
    lang,
    origin: cues.some((c) => c.origin === 'machine') ? 'machine' : 'author',
    cues: cues.map((c) => ({ start_ms: c.startMs, end_ms: c.endMs, text: c.text, origin: c.origin })),
    tracks: editorTracks(tracks),
    stream_url: signer.url(version.content_hash, MASTER_PLAYLIST, authorGrant(lessonId)),
    version: lang,
    versions,
  };
}

/**
 * Replaces a narrated version's captions with a WebVTT file's cues: the file its viewers are served and what the
 * search finds. A line keeps Apertium's mark only while its words and start are as they were; any other is the
 * author's. The version's video is unchanged.
 */
export async function setStudioVersionCaptions(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  lang: StudioVersionLang,
  input: { vtt: string },
): Promise<StudioCaptionsData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const lesson = await findLesson(ctx.db, lessonId, organizationId);
  if (!lesson) throw notFound(NO_SUCH_LESSON);
  const version = await findVersion(ctx.db, lessonId, lang);
  if (!version?.content_hash || !version.captions_hash) throw conflict(NOT_RENDERED);
  const cues = captionCuesOf(input.vtt);
  const hash = await storeCaptionTrack(ctx.storage, cues);
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    const machine = new Set((await versionCues(trx, lessonId, lang)).filter((c) => c.origin === 'machine').map((c) => `${c.startMs}:${c.text}`));
    const marked = cues.map((c) => ({ ...c, origin: machine.has(`${c.startMs}:${c.text}`) ? ('machine' as const) : ('author' as const) }));
    await replaceVersionCaptions(trx, lessonId, lang, marked, hash);
    const detail = `Captions of the Spanish version: ${cues.length} ${cues.length === 1 ? 'line' : 'lines'}`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'captions', title: lesson.title, detail }, t);
  });
  return studioVersionCaptions(ctx, caller, lessonId, lang);
}

/** The super user's organization's people, authors first, filtered by the words of q. */
export async function studioPeople(ctx: AppContext, caller: Caller, q: string | undefined): Promise<StudioPeopleData> {
  const organizationId = assertStudioSuperUser(caller);
  const { rows, total } = await organizationPeople(ctx.db, organizationId, searchWords(q ?? '').slice(0, 8), STUDIO_PEOPLE_PAGE);
  return {
    people: rows.map((row) => ({
      user_id: row.id,
      name: `${row.name} ${row.last_name}`.trim(),
      email: row.email,
      employee_number: row.employee_number,
      role: row.role,
      super_user: row.is_super_user === 1,
      author: row.is_super_user === 1 || row.author_id !== null,
    })),
    total,
  };
}

/**
 * The search's section of the caller's own organization's published lessons (title, category, description or
 * captions): empty for anyone who is not a member of an organization (the guest, a visitor).
 */
export async function ownLessonsFound(
  ctx: AppContext,
  caller: Caller,
  query: ParsedQuery,
  page: { skip: number; take: number },
  cap: number,
): Promise<{ items: OwnLessonHit[]; total: number }> {
  const organizationId = ownLessonsReader(caller);
  if (organizationId === null) return { items: [], total: 0 };
  // A Spanish member plays a lesson's narrated Spanish version by default: its captions are searched too.
  const versionLang = caller.language === 'es' ? 'es' : null;
  const { rows, total } = await searchPublishedLessons(ctx.db, organizationId, query, page, cap, versionLang);
  if (rows.length === 0) return { items: [], total };
  const [cues, signer] = await Promise.all([
    firstMatchingCues(
      ctx.db,
      rows.map((r) => r.id),
      query,
      versionLang,
    ),
    mediaSigner(ctx.db),
  ]);
  return {
    total,
    items: rows.map((row) => {
      const cue = cues.get(row.id);
      return {
        lesson_id: row.id,
        title: row.title,
        category: row.category,
        poster_url: signer.posterUrl(row.content_hash as string, memberGrant(row.id)),
        duration: formatDuration(row.duration_seconds ?? 0),
        snippet: highlight(cue ? cue.text : `${row.title} — ${row.description}`.replace(/ — $/, ''), query),
        start_seconds: cue ? Math.floor(cue.start_ms / 1000) : null,
        lang: cue?.version === 'es' ? 'es' : 'en',
      };
    }),
  };
}

/** Words of a library search, lower-cased (at most 8). */
const wordsOf = (q: string | undefined) => (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** The members' library: a page of the organization's published lessons (q), newest first, and how many match. */
export async function studioLibrary(
  ctx: AppContext,
  caller: Caller,
  q: { q?: string; skip: number; take: number },
): Promise<{ lessons: LibraryLesson[]; total: number; skip: number; take: number }> {
  const organizationId = assertOrganizationMember(caller);
  const [{ rows, total }, signer] = await Promise.all([
    publishedLessons(ctx.db, organizationId, wordsOf(q.q), { skip: q.skip, take: q.take }),
    mediaSigner(ctx.db),
  ]);
  return { lessons: rows.map((row) => libraryLesson(row, signer)), total, skip: q.skip, take: q.take };
}

export async function studioLibraryLesson(ctx: AppContext, caller: Caller, lessonId: number, asked?: 'en' | 'es'): Promise<LibraryLessonData> {
  const organizationId = assertOrganizationMember(caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  // A draft is as absent to a member as another organization's lesson.
  // A published lesson plays its live video, also while a new revision is uploaded or processed.
  if (!row || row.published_at === null || !row.content_hash) throw notFound('No such lesson.');
  const [signer, tracks, langs] = await Promise.all([mediaSigner(ctx.db), lessonTracks(ctx.db, lessonId), playableVersionLangs(ctx.db, lessonId)]);
  const versions: ('en' | 'es')[] = ['en', ...(langs.includes('es') ? (['es'] as const) : [])];
  // The member's language's version by default (a Spanish member gets the narrated Spanish version), else the lesson's own.
  const lang = asked ?? (caller.language === 'es' ? 'es' : 'en');
  const version = lang === 'es' && versions.includes('es') ? await findVersion(ctx.db, lessonId, 'es') : undefined;
  if (version?.content_hash && version.captions_hash) {
    const url = (hash: string, file: string) => signer.url(hash, file, memberGrant(row.id));
    return {
      ...libraryLesson(row, signer),
      // Named as it is narrated: the Spanish title the slides show (the description too, when it has one).
      title: version.title,
      description: version.description || row.description,
      duration_seconds: version.duration_seconds ?? 0,
      poster_url: signer.posterUrl(version.content_hash, memberGrant(row.id)),
      stream_url: url(version.content_hash, MASTER_PLAYLIST),
      lang: 'es',
      versions,
      // The spoken steps, timed to the Spanish video (the lesson's own tracks follow the English one).
      captions: [{ lang: 'es', label: 'Español', url: url(version.captions_hash, CAPTIONS_FILE) }],
    };
  }
  return {
    ...libraryLesson(row, signer),
    stream_url: signer.url(row.content_hash, MASTER_PLAYLIST, memberGrant(row.id)),
    lang: 'en',
    versions,
    captions: tracks.map((track) => memberTrack(track, tracks, signer.url(track.hash, CAPTIONS_FILE, memberGrant(row.id)))),
  };
}

/**
 * One of the lesson's tracks for the player's captions menu, labelled with its language's own name; a machine draft
 * is labelled and flagged as the catalog's are ("Español (traducción automática)").
 */
function memberTrack(track: LessonTrack, tracks: LessonTrack[], url: string): CaptionTrack {
  if (track.origin === 'machine')
    return { lang: track.lang, label: machineLabelOf(track.lang) ?? track.lang, url, machine: true, ...(outOfDate(track, tracks) && { outOfDate: true }) };
  let label = track.lang;
  try {
    label = new Intl.DisplayNames([track.lang], { type: 'language' }).of(track.lang) ?? track.lang;
  } catch {
    // A tag Intl does not know: its code is its label.
  }
  return { lang: track.lang, label, url };
}

function pathOwnLesson(row: LessonRow, signer: MediaSigner): PathOwnLesson {
  return {
    lesson_id: row.id,
    title: row.title,
    category: row.category,
    poster_url: signer.posterUrl(row.content_hash as string, memberGrant(row.id)),
    duration_seconds: row.duration_seconds ?? 0,
  };
}

/**
 * The organization's published own lessons as a learning path shows them: those of `ids` in that order (a lesson
 * unpublished or of another organization is left out), or every one, newest first.
 */
export async function pathOwnLessons(ctx: AppContext, organizationId: number, ids?: readonly number[]): Promise<PathOwnLesson[]> {
  const [rows, signer] = await Promise.all([publishedLessonsOf(ctx.db, organizationId, ids), mediaSigner(ctx.db)]);
  const lessons = rows.map((row) => pathOwnLesson(row, signer));
  if (!ids) return lessons;
  const byId = new Map(lessons.map((l) => [l.lesson_id, l]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A member's own lessons of their path, in order, with where they stand on each. */
export async function memberPathOwnLessons(ctx: AppContext, organizationId: number, userId: number, ids: readonly number[]): Promise<MemberPathOwnLesson[]> {
  const [lessons, watches] = await Promise.all([pathOwnLessons(ctx, organizationId, ids), lessonWatchesOf(ctx.db, userId, ids)]);
  const byLesson = new Map(watches.map((w) => [w.lesson_id, w]));
  return lessons.map((lesson) => {
    const watch = byLesson.get(lesson.lesson_id);
    const watched = watch?.watched_at != null;
    const played = lesson.duration_seconds > 0 ? Math.floor((100 * Number(watch?.seconds ?? 0)) / lesson.duration_seconds) : 0;
    return { ...lesson, watched, progress: watched ? 100 : Math.min(99, played) };
  });
}

/** A member played some of an own published lesson: their watch time grows, and the lesson counts as watched at 90%. */
export async function reportLessonWatch(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  report: { seconds: number; position: number },
): Promise<{ seconds: number; watched: boolean }> {
  const organizationId = assertOrganizationMember(caller);
  const row = await findLesson(ctx.db, lessonId, organizationId);
  if (!row || row.published_at === null || row.media_asset_id === null) throw notFound('No such lesson.');
  const duration = row.duration_seconds ?? 0;
  return ctx.db
    .transaction()
    .execute((trx) =>
      addLessonWatch(trx, { userId: caller.userId, lessonId, seconds: report.seconds, position: report.position, duration, revision: row.revision }, now()),
    );
}

/** The organization's studio changes, newest first, a page at a time: for its super users. */
export async function studioAudit(ctx: AppContext, caller: Caller, page: number): Promise<StudioAuditData> {
  const organizationId = assertStudioSuperUser(caller);
  const { rows, total } = await auditPage(ctx.db, organizationId, { skip: (page - 1) * STUDIO_AUDIT_PAGE, take: STUDIO_AUDIT_PAGE });
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: toIso(row.created_at) as string,
      by: `${row.name ?? ''} ${row.last_name ?? ''}`.trim(),
      action: row.action,
      lesson_id: row.lesson_id,
      title: row.title,
      detail: row.detail,
    })),
    total,
    page,
    page_size: STUDIO_AUDIT_PAGE,
  };
}
