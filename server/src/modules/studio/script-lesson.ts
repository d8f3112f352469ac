import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StudioLesson, StudioScriptData, StudioScriptStep } from '@mm/contract';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Look, renderSlideLesson, SlideLessonError, slideKit, toWebVtt, wrap } from '../../lib/slide-lesson.ts';
import type { Caller } from '../auth/index.ts';
import { type Cue, parseWebVtt } from '../captions/index.ts';
import { mediaSigner } from '../media/index.ts';
import { assertStudioAuthor } from './studio.policy.ts';
import {
  deleteScriptPhoto,
  findLesson,
  findLessonById,
  finishUpload,
  insertAudit,
  insertScriptPhoto,
  insertUpload,
  otherUploadsOf,
  recordLessonProgress,
  storageUsed,
  updateLessonMedia,
} from './studio.queries.ts';
import { studioLessonOf, studioQuotaBytes } from './studio.service.ts';
import { everPublished, failLessonVideo, processLessonVideo } from './studio-processing.ts';
import { withinStudioQuota } from './studio-quota.ts';
import { findScript, saveScript } from './studio-script.queries.ts';
import { studioUploadStore } from './studio-upload-store.ts';
import { forgetUploads } from './studio-uploads.ts';

/** The job queue's queue of lessons from a script to render (background-work.ts). */
export const STUDIO_SCRIPT_QUEUE = 'studio-render-script';

export type StudioScriptJob = { lessonId: number };

/** A plant's lesson: the brand's blue and a gear. */
const LOOK: Look = { colour: '0x1971c2', icon: '⚙' };
/** 640x360: readable on a phone and a wall screen, light to render and to transcode (one 360p rendition). */
const SCALE = 0.5;
/** The bar's share for drawing and speaking the slides; the transcode takes the rest. */
export const RENDER_SHARE = 40;

const NO_SUCH_LESSON = 'No such lesson in your organization.';

/** An own lesson's script as last saved, for its authors to edit. */
export async function studioLessonScript(ctx: AppContext, caller: Caller, lessonId: number): Promise<StudioScriptData> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  if (!(await findLesson(ctx.db, lessonId, organizationId))) throw notFound(NO_SUCH_LESSON);
  const script = await findScript(ctx.db, lessonId);
  if (!script) return { script: null };
  // A step's photo is private to the organization: its authors read it at a signed address.
  const signer = await mediaSigner(ctx.db);
  const steps = script.steps.map((step) => ({ ...step, photo_url: step.photo_url && signer.uploadUrl(step.photo_url) }));
  return { script: { steps, updated_at: toIso(script.updated_at) as string } };
}

/**
 * Saves the lesson's steps and queues their rendering (a draft's video is replaced; a published lesson's new video
 * becomes the next revision with the author's summary and retraining choice, as an upload's would).
 */
export async function renderStudioLessonScript(
  ctx: AppContext,
  caller: Caller,
  lessonId: number,
  input: { steps: StudioScriptStep[]; summary: string; requires_retraining: boolean },
): Promise<StudioLesson> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  const lesson = await findLesson(ctx.db, lessonId, organizationId);
  if (!lesson) throw notFound(NO_SUCH_LESSON);
  await assertOwnPhotos(ctx, organizationId, input.steps);
  if (lesson.media_state === 'uploading' || lesson.media_state === 'processing')
    throw conflict("The lesson's video is being uploaded or processed: wait until it is done.");
  const revision = everPublished(lesson);
  if (revision && !input.summary) throw badRequest('Say what changed in this script: the lesson is published, so rendering it again makes a new revision.');
  const [used, quotaBytes] = await Promise.all([storageUsed(ctx.db, organizationId), studioQuotaBytes(ctx, organizationId)]);
  if (used >= quotaBytes) throw new AppError(413, "Your organization's storage is full: remove an upload or ask for more space.", { code: 'too_large' });
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    await saveScript(trx, lessonId, input.steps, caller.userId, t);
    await updateLessonMedia(
      trx,
      lessonId,
      {
        media_state: 'processing',
        progress: 0,
        error: null,
        pending_requires_retraining: revision ? (input.requires_retraining ? 1 : 0) : null,
        pending_summary: revision ? input.summary : null,
      },
      t,
    );
    const detail = `Script of ${input.steps.length} steps rendered${revision ? ` for revision ${lesson.revision + 1}${input.requires_retraining ? ', requires retraining' : ''}: ${input.summary}` : ''}`;
    await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'edited', title: lesson.title, detail }, t);
  });
  await ctx.jobs.enqueue(STUDIO_SCRIPT_QUEUE, { lessonId } satisfies StudioScriptJob);
  return studioLessonOf(ctx, caller, lessonId);
}

/** A step's photo in the store: its address (/uploads/...) less the leading slash. */
const photoKey = (url: string) => url.slice(1);
/** A photo at most this wide or high: the slide's photo area at 640x360 twice over. */
const PHOTO_SIZE = 1280;
export const NOT_A_PHOTO = 'photo: must be a JPEG, PNG, WebP or GIF picture.';

/**
 * Keeps a photo for a step of a script, through the app's picture check (assessments' question pictures): decoded
 * and re-encoded (whatever the file claims to be, only a real picture passes; metadata dropped), at most 1280 px,
 * under an unguessable name in the organization's folder of the store's uploads, counted in the studio quota. Authors only.
 */
export async function uploadScriptPhoto(ctx: AppContext, caller: Caller, file: Buffer): Promise<{ photo_url: string }> {
  const organizationId = await assertStudioAuthor(ctx.db, caller);
  let encoded: Buffer;
  try {
    encoded = await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#0f2238' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_A_PHOTO);
  }
  const url = `/uploads/studio-photos/${organizationId}/${randomBytes(16).toString('hex')}.jpg`;
  // The photo counts against the studio quota from the moment it is admitted (checked and recorded in one step); a
  // store that fails lets its bytes go again.
  await withinStudioQuota(ctx, organizationId, encoded.length, (trx) =>
    insertScriptPhoto(trx, { key: photoKey(url), organizationId, userId: caller.userId, size: encoded.length }, now()),
  );
  try {
    await ctx.storage.put(photoKey(url), encoded, 'image/jpeg');
  } catch (error) {
    await deleteScriptPhoto(ctx.db, photoKey(url));
    throw error;
  }
  return { photo_url: (await mediaSigner(ctx.db)).uploadUrl(url) };
}

/** Each step's photo is one the organization uploaded (the contract checked its form). */
async function assertOwnPhotos(ctx: AppContext, organizationId: number, steps: StudioScriptStep[]): Promise<void> {
  for (const [i, step] of steps.entries()) {
    if (!step.photo_url) continue;
    if (!step.photo_url.startsWith(`/uploads/studio-photos/${organizationId}/`) || !(await ctx.storage.read(photoKey(step.photo_url))))
      throw badRequest(`Step ${i + 1}'s photo is not one uploaded by your organization: upload it again.`);
  }
}

/** A step's photo copied from the store into the render's folder (the store may be a bucket). */
async function photoFile(ctx: AppContext, url: string, file: string): Promise<string> {
  const bytes = await ctx.storage.read(photoKey(url));
  if (!bytes) throw new SlideLessonError("a step's photo is no longer in the store: upload it again");
  fs.writeFileSync(file, bytes);
  return file;
}

/** The description under the title: its first two lines at most (all of it is read aloud). */
function bylineOf(description: string): string {
  const lines = wrap(description, 44);
  return lines.length > 2 ? `${lines.slice(0, 2).join('\n')}…` : lines.join('\n');
}

/** What is said over each slide: the title (and description), then each step read with its number. */
export function scriptNarration(title: string, description: string, steps: readonly string[]): string[] {
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  return [description ? `${sentence(title)} ${sentence(description)}` : sentence(title), ...steps.map((step, i) => `${i + 1}. ${sentence(step)}`)];
}

/** The words a script's slides are drawn with, per language of the narration. */
export const SLIDE_WORDS = {
  en: { step: (n: number) => `Step ${n}`, steps: (n: number) => `${n} steps`, lesson: 'Lesson' },
  es: { step: (n: number) => `Paso ${n}`, steps: (n: number) => `${n} pasos`, lesson: 'Lección' },
} as const;

/** A script as it is drawn and spoken: in one language, each step with the photo the English script gives it. */
export type ScriptSlides = {
  lang: keyof typeof SLIDE_WORDS;
  category: string;
  title: string;
  description: string;
  steps: readonly string[];
  photoUrls: readonly (string | null)[];
};

/**
 * Draws and speaks a script's slides into `<work>/lesson.mp4` with the slide-lesson generator: the title slide, then a
 * slide per step with its photo, in the script's language's words and voice; answers the file and the spoken cues as
 * the captions module's strict reader reads them (what an author's file would give) and when each slide starts. `onSlide`: the share of the
 * slides done, 0 to 1.
 */
export async function renderScriptSlides(
  ctx: AppContext,
  script: ScriptSlides,
  work: string,
  onSlide: (share: number) => void,
): Promise<{ output: string; captions: Cue[]; slideStartsMs: number[] }> {
  const words = SLIDE_WORDS[script.lang];
  const kit = slideKit(work);
  const [opening = '', ...said] = scriptNarration(script.title, script.description, script.steps);
  const photos = await Promise.all(script.photoUrls.map((url, i) => url && photoFile(ctx, url, path.join(work, `photo-${i}.jpg`))));
  const label = script.category || words.lesson;
  const count = script.steps.length;
  const slides = [
    {
      narration: opening,
      draw: (file: string) =>
        kit.titleSlide(file, SCALE, LOOK, { label, kicker: words.steps(count), title: script.title, byline: bylineOf(script.description) }),
    },
    ...script.steps.map((text, i) => ({
      narration: said[i] ?? text,
      draw: (file: string) => kit.pointSlide(file, SCALE, LOOK, label, { heading: words.step(i + 1), say: text, photo: photos[i] || undefined }, i + 1, count),
    })),
  ];
  const output = path.join(work, 'lesson.mp4');
  const rendered = await renderSlideLesson({
    slides,
    work,
    output,
    look: LOOK,
    scale: SCALE,
    ...(script.lang === 'en' ? {} : { lang: script.lang }),
    onSlide: (done, total) => onSlide(done / total),
  });
  return {
    output,
    captions: parseWebVtt(Buffer.from(toWebVtt(rendered.cues), 'utf8')),
    slideStartsMs: rendered.slides.map((slide) => Math.round(slide.start * 1000)),
  };
}

/**
 * The job: draws and speaks the lesson's slides with the slide-lesson generator (lib/slide-lesson.ts, the demo's),
 * keeps the MP4 as the lesson's upload (it counts against the quota), then transcodes it like an uploaded video and
 * makes it live with its captions as the lesson's English track, in one transaction. A failure says why in words
 * and writes nothing else (a published lesson keeps playing its live revision).
 */
export async function renderScriptLesson(ctx: AppContext, job: StudioScriptJob): Promise<void> {
  const lesson = await findLessonById(ctx.db, job.lessonId);
  if (lesson?.media_state !== 'processing') return;
  const script = await findScript(ctx.db, job.lessonId);
  if (!script) return failLessonVideo(ctx, job.lessonId, 'The lesson has no script to render: write its steps again.');
  // Beside the uploads (same file system: on a local directory the finished MP4 is moved, not copied), never inside the tus store's folder.
  const renders = path.join(ctx.config.dataDir, 'studio-renders');
  fs.mkdirSync(renders, { recursive: true });
  const work = fs.mkdtempSync(path.join(renders, 'script-'));
  const uploadId = randomBytes(16).toString('hex');
  try {
    const { output, captions } = await renderScriptSlides(
      ctx,
      {
        lang: 'en',
        category: lesson.category,
        title: lesson.title,
        description: lesson.description,
        steps: script.steps.map((step) => step.text),
        photoUrls: script.steps.map((step) => step.photo_url),
      },
      work,
      (share) =>
        void recordLessonProgress(ctx.db, job.lessonId, Math.floor(RENDER_SHARE * share), now()).catch((error: unknown) =>
          ctx.log.warn({ event: 'studio_progress_failed', lessonId: job.lessonId, err: error }),
        ),
    );
    const size = fs.statSync(output).size;
    await (await studioUploadStore(ctx)).keep(uploadId, output);
    const t = now();
    await ctx.db.transaction().execute(async (trx) => {
      await insertUpload(
        trx,
        {
          id: uploadId,
          organizationId: lesson.organization_id,
          lessonId: lesson.id,
          userId: lesson.created_by,
          size,
        },
        t,
      );
      await finishUpload(trx, uploadId, t);
    });
    await processLessonVideo(ctx, lesson, { uploadId, captions, progress: (percent) => RENDER_SHARE + Math.floor(percent * ((95 - RENDER_SHARE) / 100)) });
  } catch (error) {
    await forgetUploads(ctx, [uploadId]);
    const reason =
      error instanceof SlideLessonError
        ? `The lesson could not be rendered from its script: ${error.message}.`
        : `The lesson could not be rendered from its script (${(error as Error).message}).`;
    await failLessonVideo(ctx, job.lessonId, reason);
    return;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // The lesson's earlier videos (uploaded or rendered) are replaced: their bytes no longer count.
  await forgetUploads(ctx, await otherUploadsOf(ctx.db, lesson.id, uploadId)).catch((error: unknown) =>
    ctx.log.warn({ event: 'studio_upload_files_left', lessonId: lesson.id, err: error }),
  );
}
