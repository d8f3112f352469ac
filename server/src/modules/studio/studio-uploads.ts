import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { STUDIO_UPLOAD_PATH } from '@mm/contract';
import { Server } from '@tus/server';
import type { AppContext } from '../../app-context.ts';
import { createDb } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { MediaError, probeMedia } from '../catalog/index.ts';
import { assertStudioAuthor } from './studio.policy.ts';
import {
  abandonedUploads,
  deleteUpload,
  findLesson,
  findLessonById,
  findUpload,
  finishUpload,
  insertAudit,
  insertUpload,
  latestUploadOf,
  otherUploadsOf,
  updateLessonMedia,
} from './studio.queries.ts';
import { everPublished, STUDIO_QUEUE, type StudioJob } from './studio-processing.ts';
import { megabytes, withinStudioQuota } from './studio-quota.ts';
import { createUploadLocker } from './studio-upload-lock.ts';
import { type StudioUploadStore, studioUploadStore } from './studio-upload-store.ts';

/** The id of each admitted creation, by its Node request: decided and recorded before the tus server runs, which names the file so. */
const admitted = new WeakMap<IncomingMessage, string>();

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** A refusal the tus server answers as the API's failure envelope. */
const tusRefusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ success: false, error_messages: message, error_code: status }),
});

/**
 * A new revision's choices from the creation's Upload-Metadata: `requires_retraining` ('1' or 'true') and `summary`
 * (what changed, 500 characters at most; refused when missing).
 */
export function revisionChoice(metadata: Record<string, string>): { requiresRetraining: boolean; summary: string } {
  const summary = (metadata.summary ?? '').trim();
  if (!summary) throw badRequest('Say what changed in this new video (Upload-Metadata summary): the lesson is published, so this makes a new revision.');
  if (summary.length > 500) throw badRequest('The summary of the change may be 500 characters at most.');
  const flag = (metadata.requires_retraining ?? '').trim().toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(flag)) throw badRequest('requires_retraining is 1 or 0.');
  return { requiresRetraining: flag === '1' || flag === 'true', summary };
}

export type StudioUploads = {
  server: Server;
  /** Checks a creation (who, which lesson, size, quota) and records the upload for the tus server; answers its id. */
  admit: (caller: Caller, request: IncomingMessage) => Promise<string>;
  /** Checks that the upload is one of the caller's organization's. */
  assertOwnUpload: (caller: Caller, uploadId: string) => Promise<void>;
  forget: (uploadId: string) => Promise<void>;
  /** Removes the bytes of uploads whose rows are gone already (a deleted lesson's). */
  forgetFiles: (uploadIds: string[]) => Promise<void>;
  /** Closes the upload locks' connections (the app closing). */
  close: () => Promise<void>;
};

/** Drops an upload's row and its bytes (a file already gone is fine). */
async function dropUpload(ctx: AppContext, store: StudioUploadStore, uploadId: string): Promise<void> {
  await deleteUpload(ctx.db, uploadId);
  await store.remove(uploadId);
}

/** Lets uploads go, rows and bytes (a lesson's videos a rendered script replaced, a failed render's). */
export async function forgetUploads(ctx: AppContext, uploadIds: string[]): Promise<void> {
  const store = await studioUploadStore(ctx);
  for (const id of uploadIds) await dropUpload(ctx, store, id);
}

/**
 * The clock's work: uploads begun more than STUDIO_UPLOAD_EXPIRY_HOURS before `t` and never finished (the author closed
 * the tab, the tablet left the Wi-Fi) are let go, so their declared size stops counting against the organization's
 * quota. A lesson left "uploading" by one goes back to its earlier video, or says why it has none.
 */
export async function expireAbandonedUploads(ctx: AppContext, t: number): Promise<number> {
  const store = await studioUploadStore(ctx);
  const abandoned = await abandonedUploads(ctx.db, t - ctx.config.studio.uploadExpiryMs);
  for (const upload of abandoned) {
    await dropUpload(ctx, store, upload.id);
    const lesson = await findLessonById(ctx.db, upload.lesson_id);
    if (lesson?.media_state !== 'uploading') continue;
    // Another upload of the lesson still under way decides the lesson's state.
    const latest = await latestUploadOf(ctx.db, upload.lesson_id);
    if (latest && latest.finished_at === null) continue;
    await updateLessonMedia(
      ctx.db,
      upload.lesson_id,
      lesson.media_asset_id !== null
        ? { media_state: 'ready', progress: 100, error: null, pending_requires_retraining: null, pending_summary: null }
        : { media_state: 'failed', progress: 0, error: 'The upload was not finished in time and was let go: upload the video again.' },
      t,
    );
  }
  return abandoned.length;
}

export async function createStudioUploads(ctx: AppContext): Promise<StudioUploads> {
  const store = await studioUploadStore(ctx);
  const { maxUploadBytes, maxSeconds } = ctx.config.studio;

  const forget = (uploadId: string) => dropUpload(ctx, store, uploadId);

  /** A file refused when complete: the lesson says why, and the bytes are let go (they no longer count). */
  const refuse = async (uploadId: string, lessonId: number, status: number, message: string) => {
    await updateLessonMedia(ctx.db, lessonId, { media_state: 'failed', progress: 0, error: message }, now());
    await forget(uploadId);
    throw tusRefusal(status, message);
  };

  // The upload locks' own connections (PostgreSQL): a lock is held while its request runs queries of its own (the
  // upload's row, the finished file's processing), so on the app's pool enough uploads at once would wait forever.
  const lockDb = ctx.dialect === 'postgres' ? createDb(ctx.config.databaseUrl).db : null;

  const server = new Server({
    path: STUDIO_UPLOAD_PATH,
    datastore: store.datastore,
    // Several instances on PostgreSQL (with a bucket): one request at a time per upload across them. SQLite is one
    // machine: tus's own in-memory locker.
    ...(lockDb && { locker: createUploadLocker(lockDb, () => tusRefusal(423, 'Another request is writing this upload: try again in a moment.')) }),
    relativeLocation: true,
    maxSize: maxUploadBytes,
    namingFunction: (req) => {
      const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const id = raw && admitted.get(raw);
      if (!id) throw tusRefusal(400, 'The upload was not admitted.');
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      const row = await findUpload(ctx.db, upload.id);
      if (!row) throw tusRefusal(404, 'No such upload.');
      let probe: Awaited<ReturnType<typeof probeMedia>>;
      try {
        probe = await probeMedia(await store.probeSource(upload.id));
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        const message = `The file ${error.message}: upload a video (MP4, MOV or WebM).`;
        return refuse(upload.id, row.lesson_id, error.message === 'has no video stream' ? 422 : 415, message);
      }
      if (probe.durationSeconds > maxSeconds)
        return refuse(
          upload.id,
          row.lesson_id,
          422,
          `The video is too long (${Math.ceil(probe.durationSeconds)} s): a lesson's video may last ${maxSeconds} s at most.`,
        );
      const t = now();
      await finishUpload(ctx.db, upload.id, t);
      const lesson = await findLessonById(ctx.db, row.lesson_id);
      // A published lesson's length stays its live video's until the new revision is ready.
      await updateLessonMedia(
        ctx.db,
        row.lesson_id,
        { media_state: 'processing', progress: 0, error: null, ...(lesson && !everPublished(lesson) && { duration_seconds: probe.durationSeconds }) },
        t,
      );
      const job: StudioJob = { lessonId: row.lesson_id, uploadId: upload.id };
      await ctx.jobs.enqueue(STUDIO_QUEUE, job);
      // The earlier uploads of the lesson are replaced: their bytes no longer count.
      for (const old of await otherUploadsOf(ctx.db, row.lesson_id, upload.id)) await forget(old);
      return {};
    },
  });

  const admit: StudioUploads['admit'] = async (caller, request) => {
    const organizationId = await assertStudioAuthor(ctx.db, caller);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const length = Number(header('upload-length'));
    if (!header('upload-length') || !Number.isSafeInteger(length) || length <= 0)
      throw badRequest("Send the file's size in Upload-Length (the tus protocol's creation).");
    const metadata = parseUploadMetadata(header('upload-metadata'));
    const lessonId = Number(metadata.lesson_id);
    if (!Number.isSafeInteger(lessonId) || lessonId <= 0) throw badRequest('Name the lesson in Upload-Metadata (lesson_id).');
    const lesson = await findLesson(ctx.db, lessonId, organizationId);
    if (!lesson) throw notFound('No such lesson in your organization.');
    if (lesson.media_state === 'processing') throw conflict("The lesson's video is being processed: wait until it is done.");
    if (length > maxUploadBytes)
      throw new AppError(413, `The file is too large (${megabytes(length)}): a lesson's video may be ${megabytes(maxUploadBytes)} at most.`);
    const id = randomBytes(16).toString('hex');
    const t = now();
    // A published lesson's new video is a new revision: the author says what changed and whether the people who
    // completed the lesson must watch it again. Its live video plays on until the new one is ready.
    const revision = everPublished(lesson) ? revisionChoice(metadata) : null;
    // The quota is checked and the upload recorded in one step: its declared size counts from now on.
    await withinStudioQuota(ctx, organizationId, length, async (trx) => {
      await insertUpload(trx, { id, organizationId, lessonId, userId: caller.userId, size: length }, t);
      await updateLessonMedia(
        trx,
        lessonId,
        {
          media_state: 'uploading',
          progress: 0,
          error: null,
          pending_requires_retraining: revision && (revision.requiresRetraining ? 1 : 0),
          pending_summary: revision?.summary ?? null,
        },
        t,
      );
      const detail = revision
        ? `New video for revision ${lesson.revision + 1} (${megabytes(length)}${revision.requiresRetraining ? ', requires retraining' : ''}): ${revision.summary}`
        : `New video (${megabytes(length)})`;
      await insertAudit(trx, { organizationId, lessonId, userId: caller.userId, action: 'edited', title: lesson.title, detail }, t);
    });
    admitted.set(request, id);
    return id;
  };

  const assertOwnUpload: StudioUploads['assertOwnUpload'] = async (caller, uploadId) => {
    const organizationId = await assertStudioAuthor(ctx.db, caller);
    const row = await findUpload(ctx.db, uploadId);
    if (!row || row.organization_id !== organizationId) throw notFound('No such upload.');
  };

  const forgetFiles: StudioUploads['forgetFiles'] = async (uploadIds) => {
    for (const id of uploadIds) await store.remove(id);
  };

  return { server, admit, assertOwnUpload, forget, forgetFiles, close: async () => lockDb?.destroy() };
}
