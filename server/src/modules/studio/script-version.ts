import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StudioVersionData, StudioVersionLang } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertVoice, SlideLessonError } from '../../lib/slide-lesson.ts';
import type { Caller } from '../auth/index.ts';
import { ApertiumError, machineTranslate, storeCaptionTrack } from '../captions/index.ts';
import { assetStored, hashFile, MediaError, probeMedia, recordTranscodedAsset, storedRenditions, transcodeAsset } from '../catalog/index.ts';
import { RENDER_SHARE, renderScriptLesson, renderScriptSlides, STUDIO_SCRIPT_QUEUE, type StudioScriptJob } from './script-lesson.ts';
import { assertStudioAuthor } from './studio.policy.ts';
import { findLesson, findLessonById, finishUpload, insertAudit, insertUpload, storageUsed } from './studio.queries.ts';
import { studioQuotaBytes } from './studio.service.ts';
import { withinStudioQuota } from './studio-quota.ts';
import { findScript } from './studio-script.queries.ts';
import { studioUploadStore } from './studio-upload-store.ts';
import { forgetUploads } from './studio-uploads.ts';
import { findVersion, replaceVersionCaptions, saveVersionScript, updateVersionMedia, type VersionRow } from './studio-versions.queries.ts';

/** The job (on the script lessons' queue): renders a lesson's narrated version in `lang`, beside `sourceAssetId` (the English video). */
export type StudioVersionJob = { lessonId: number; lang: StudioVersionLang; sourceAssetId: number };

const NO_SUCH_LESSON = 'No such lesson in your organization.';
const NO_SCRIPT = 'This lesson has no script: only a lesson made from a script has a narrated Spanish version.';
const ENGLISH_FIRST = "Render the lesson's script first: the Spanish version is made beside a ready English video.";
const RENDERING = 'The Spanish version is being rendered: wait until it is done.';
const NO_APERTIUM = 'Machine translation is not available on this server right now (Apertium is not installed): the Spanish steps cannot be drafted.';
const NO_VOICE = 'Spanish narration is not available on this server right now: espeak-ng with its Spanish voice is not installed.';

async function authorsLesson(ctx: AppContext, caller: Caller, lessonId: number) {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const lesson = await findLesson(ctx.db, lessonId, organizationId);
  if (!lesson) throw notFound(NO_SUCH_LESSON);
  const script = await findScript(ctx.db, lessonId);
  if (!script) throw conflict(NO_SCRIPT);
  return { organizationId, lesson, script };
}

function versionData(lang: StudioVersionLang, version: VersionRow, englishAssetId: number | null): StudioVersionData {
  return {
    lang,
    title: version.title,
    description: version.description,
    steps: version.steps,
    origin: version.origin,
    saved: true,
    media_state: version.media_state,
    progress: version.progress,
    error: version.error,
    playable: version.content_hash !== null,
    out_of_date: version.source_asset_id !== null && version.source_asset_id !== englishAssetId,
    updated_at: toIso(version.updated_at) as string,
  };
}

/**
 * A script lesson's narrated version in `lang` for its authors: the saved one with its rendition, else Apertium's
 * draft of the English title, description and steps (nothing saved; 503 when Apertium is missing, never a stand-in).
 * A saved version whose steps no longer match the script's count (steps added or removed since) is drafted again,
 * its rendition's state kept.
 */
export async function studioLessonVersion(ctx: AppContext, caller: Caller, lessonId: number, lang: StudioVersionLang): Promise<StudioVersionData> {
  const { lesson, script } = await authorsLesson(ctx, caller, lessonId);
  const saved = await findVersion(ctx.db, lessonId, lang);
  if (saved && saved.steps.length === script.steps.length) return versionData(lang, saved, lesson.media_asset_id);
  let texts: string[];
  try {
    texts = await machineTranslate('en', lang, [lesson.title, lesson.description, ...script.steps.map((s) => s.text)]);
  } catch (error) {
    if (!(error instanceof ApertiumError)) throw error;
    ctx.log.error({ event: 'studio_version_draft_failed', lessonId, reason: error.message });
    throw new AppError(503, NO_APERTIUM, { code: 'unavailable' });
  }
  const [title = '', description = '', ...steps] = texts;
  const draft = { title, description, steps, origin: 'machine' as const, saved: false };
  if (saved) return { ...versionData(lang, saved, lesson.media_asset_id), ...draft, out_of_date: true };
  return { lang, ...draft, media_state: null, progress: 0, error: null, playable: false, out_of_date: false, updated_at: null };
}

/**
 * Saves the version's script (the author's: no longer "machine translation") and queues its rendering with
 * espeak-ng's voice of the language. Refused: no script (409), the English video not ready or the version rendering
 * (409), a step count other than the English script's (400), the voice missing (503), the storage full (413).
 */
export async function renderStudioLessonVersion(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  lang: StudioVersionLang,
  input: { title: string; description: string; steps: string[] },
): Promise<StudioVersionData> {
  const { organizationId, lesson, script } = await authorsLesson(ctx, caller, lessonId);
  if (lesson.media_state !== 'ready' || lesson.media_asset_id === null) throw conflict(ENGLISH_FIRST);
  const sourceAssetId = lesson.media_asset_id;
  if (input.steps.length !== script.steps.length) throw badRequest('The Spanish version has one step for each step of the script: prepare it again.');
  if ((await findVersion(ctx.db, lessonId, lang))?.media_state === 'processing') throw conflict(RENDERING);
  try {
    await assertVoice(lang);
  } catch (error) {
    if (!(error instanceof SlideLessonError)) throw error;
    ctx.log.error({ event: 'studio_version_voice_missing', lessonId, reason: error.message });
    throw new AppError(503, NO_VOICE, { code: 'unavailable' });
  }
  const [used, quotaBytes] = await Promise.all([storageUsed(ctx.db, organizationId), studioQuotaBytes(ctx, organizationId)]);
  if (used >= quotaBytes) throw new AppError(413, "Your organization's storage is full: remove an upload or ask for more space.", { code: 'too_large' });
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    await saveVersionScript(trx, { lessonId, lang, ...input, origin: 'author', by: caller.userId }, t);
    await insertAudit(
      trx,
      {
        organizationId,
        lessonId,
        userId: caller.userId,
        action: 'edited',
        title: lesson.title,
        detail: `Spanish version of ${input.steps.length} steps rendered`,
      },
      t,
    );
  });
  await ctx.jobs.enqueue(STUDIO_SCRIPT_QUEUE, { lessonId, lang, sourceAssetId } satisfies StudioVersionJob);
  const version = await findVersion(ctx.db, lessonId, lang);
  return versionData(lang, version as VersionRow, lesson.media_asset_id);
}

/** A job of the script lessons' queue: a lesson's own render, or one of its narrated versions'. */
export function renderScriptJob(ctx: AppContext, job: StudioScriptJob | StudioVersionJob): Promise<void> {
  return 'lang' in job ? renderScriptVersion(ctx, job) : renderScriptLesson(ctx, job);
}

/** The version's rendering failed: it says why; an earlier rendition of it keeps playing. */
async function failVersion(ctx: AppContext, job: StudioVersionJob, reason: string): Promise<void> {
  await updateVersionMedia(ctx.db, job.lessonId, job.lang, { media_state: 'failed', progress: 0, error: reason });
  ctx.log.error({ event: 'studio_version_failed', lessonId: job.lessonId, lang: job.lang, reason });
}

const PROGRESS_EVERY_MS = 1000;

/** The slide a cue is said over: the last one starting by the cue's start (a millisecond's rounding allowed). */
const slideAt = (slideStartsMs: number[], startMs: number) => slideStartsMs.filter((slideStart) => slideStart <= startMs + 1).length - 1;

/**
 * Where each slide's words came from: 'machine' when they are Apertium's draft of the English ones as it drafts them
 * (the title slide: title and description), else the author's. When Apertium cannot tell, every slide is the author's
 * (the rendered script was saved by one).
 */
async function slideOrigins(ctx: AppContext, lang: StudioVersionLang, english: string[], version: VersionRow): Promise<('author' | 'machine')[]> {
  let drafted: string[];
  try {
    drafted = (await machineTranslate('en', lang, english)).map((text) => text.trim());
  } catch (error) {
    if (!(error instanceof ApertiumError)) throw error;
    ctx.log.warn({ event: 'studio_version_origins_unknown', lessonId: version.lesson_id, reason: error.message });
    return [];
  }
  const [title, description, ...steps] = drafted;
  const origin = (machine: boolean) => (machine ? 'machine' : 'author');
  return [origin(title === version.title && description === version.description), ...version.steps.map((step, i) => origin(steps[i] === step))];
}

/**
 * The job: draws the version's slides (the English steps' photos beside the translated words), speaks them with
 * espeak-ng's voice of the language, transcodes the MP4 like an upload and keeps it as a studio upload (admitted
 * under the organization's quota), then makes it the version's rendition with its captions (the spoken steps), in one
 * transaction. A failure says why and writes nothing else; the version's earlier rendition stays.
 */
export async function renderScriptVersion(ctx: AppContext, job: StudioVersionJob): Promise<void> {
  const lesson = await findLessonById(ctx.db, job.lessonId);
  const version = await findVersion(ctx.db, job.lessonId, job.lang);
  if (!lesson || version?.media_state !== 'processing') return;
  const script = await findScript(ctx.db, job.lessonId);
  if (!script || script.steps.length !== version.steps.length)
    return failVersion(ctx, job, 'The Spanish version no longer matches the script: prepare its steps again.');
  const renders = path.join(ctx.config.dataDir, 'studio-renders');
  fs.mkdirSync(renders, { recursive: true });
  const work = fs.mkdtempSync(path.join(renders, `version-${job.lang}-`));
  const uploadId = randomBytes(16).toString('hex');
  let kept = false;
  const progress = (percent: number) =>
    void updateVersionMedia(ctx.db, job.lessonId, job.lang, { progress: percent }).catch((error: unknown) =>
      ctx.log.warn({ event: 'studio_progress_failed', lessonId: job.lessonId, err: error }),
    );
  try {
    const { output, captions, slideStartsMs } = await renderScriptSlides(
      ctx,
      {
        lang: job.lang,
        category: lesson.category,
        title: version.title,
        description: version.description,
        steps: version.steps,
        photoUrls: script.steps.map((step) => step.photo_url),
      },
      work,
      (share) => progress(Math.floor(RENDER_SHARE * share)),
    );
    // Transcoded from the render's own file, before it is kept.
    const probe = await probeMedia(output);
    const hash = await hashFile(output);
    if (!(await assetStored(ctx.storage, hash))) {
      let written = 0;
      await transcodeAsset(output, probe, ctx.storage, hash, (_step, percent) => {
        const t = now();
        if (t - written < PROGRESS_EVERY_MS) return;
        written = t;
        progress(Math.min(99, RENDER_SHARE + Math.floor(percent * ((95 - RENDER_SHARE) / 100))));
      });
    }
    const renditions = await storedRenditions(ctx.storage, hash, probe);
    const captionsHash = await storeCaptionTrack(ctx.storage, captions);
    const origins = await slideOrigins(ctx, job.lang, [lesson.title, lesson.description, ...script.steps.map((s) => s.text)], version);
    const cues = captions.map((cue) => ({ ...cue, origin: origins[slideAt(slideStartsMs, cue.startMs)] ?? ('author' as const) }));
    // The rendition's MP4 is kept as a studio upload and counts against the organization's storage: admitted under the
    // quota with the version's new rendition in one transaction (or refused in words, the file let go).
    const size = fs.statSync(output).size;
    const store = await studioUploadStore(ctx);
    await store.keep(uploadId, output);
    kept = true;
    await withinStudioQuota(ctx, lesson.organization_id, size, async (trx) => {
      const t = now();
      await insertUpload(trx, { id: uploadId, organizationId: lesson.organization_id, lessonId: lesson.id, userId: lesson.created_by, size }, t);
      await finishUpload(trx, uploadId, t);
      const assetId = await recordTranscodedAsset(trx, { hash, source: store.sourceName(uploadId), probe, renditions }, t);
      await updateVersionMedia(trx, job.lessonId, job.lang, {
        media_state: 'ready',
        progress: 100,
        error: null,
        media_asset_id: assetId,
        duration_seconds: probe.durationSeconds,
        upload_id: uploadId,
        source_asset_id: job.sourceAssetId,
      });
      await replaceVersionCaptions(trx, job.lessonId, job.lang, cues, captionsHash);
    });
  } catch (error) {
    if (kept) await forgetUploads(ctx, [uploadId]);
    const reason =
      error instanceof SlideLessonError || error instanceof MediaError
        ? `The Spanish version could not be rendered: ${error.message}.`
        : error instanceof AppError
          ? `The Spanish version could not be kept: ${error.message}`
          : `The Spanish version could not be rendered (${(error as Error).message}).`;
    await failVersion(ctx, job, reason);
    return;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  ctx.log.info({ event: 'studio_version_rendered', lessonId: job.lessonId, lang: job.lang });
  // The version's earlier rendition is replaced: its bytes no longer count.
  if (version.upload_id && version.upload_id !== uploadId)
    await forgetUploads(ctx, [version.upload_id]).catch((error: unknown) =>
      ctx.log.warn({ event: 'studio_upload_files_left', lessonId: job.lessonId, err: error }),
    );
}
