import type { AppContext } from './app-context.ts';
import { HOUR, MINUTE, now } from './lib/clock.ts';
import { closeOverdueAttempts } from './modules/assessments/index.ts';
import { runBillingClock } from './modules/billing/billing-clock.ts';
import { CAPTION_DRAFTS_QUEUE, draftCaptions, draftTitles, TITLE_DRAFTS_QUEUE } from './modules/captions/index.ts';
import { sendHeadMails } from './modules/evidence/evidence-head.ts';
import { deliverStatement, deliverWebhook, WEBHOOK_QUEUE, WEBHOOK_QUEUE_SETTINGS, XAPI_QUEUE, XAPI_QUEUE_SETTINGS } from './modules/integrations/index.ts';
import type { ClockPeriod, JobHandler, QueueSettings } from './modules/jobs/job-queue.ts';
import { LOST_AFTER, MAIL_QUEUE, MAIL_RETRY_DELAY_MS, MAX_ATTEMPTS } from './modules/mail/outbox.ts';
import { pruneWriteReceipts } from './modules/playback/write-receipt-pruning.ts';
import { runQualificationClock } from './modules/qualifications/qualification-clock.ts';
import { RENDITIONS_QUEUE, runRenditionsJob } from './modules/renditions/index.ts';
import {
  expireAbandonedUploads,
  processStudioUpload,
  renderScriptJob,
  STUDIO_QUEUE,
  STUDIO_SCRIPT_QUEUE,
  type StudioJob,
  type StudioScriptJob,
  type StudioVersionJob,
} from './modules/studio/index.ts';

/**
 * Every kind of background work, in one place: its queue's settings, who works it, and the clocks that enqueue it.
 * Each instance defines every queue (it may enqueue into any); instances that run jobs (RUN_JOBS, and the worker
 * process) work them and tick the clocks. A new kind is one more entry here.
 */
type Kind = {
  name: string;
  settings: QueueSettings;
  concurrency: number;
  handler: JobHandler<any>;
  every?: ClockPeriod;
  /** Only when the platform sends e-mail through SMTP. */
  needsSmtp?: boolean;
};

/** A clock's run is retried a few times, a minute apart (the next period runs it anyway). */
const CLOCK: QueueSettings = { retryLimit: 3, retryDelayMs: MINUTE };

function kinds(ctx: AppContext): Kind[] {
  return [
    {
      name: MAIL_QUEUE,
      settings: { retryLimit: MAX_ATTEMPTS - 1, retryDelayMs: MAIL_RETRY_DELAY_MS, keyed: true },
      concurrency: 4,
      handler: ({ payload }) => ctx.mailer.deliverMessage(Number(payload.outboxId)),
      needsSmtp: true,
    },
    {
      // Messages whose delivery job was lost (their instance died between writing and queuing them).
      name: 'mail-sweep',
      settings: CLOCK,
      concurrency: 1,
      handler: async () => {
        const queued = await ctx.mailer.queuePending(LOST_AFTER);
        if (queued) ctx.log.warn({ event: 'mail_swept', queued }, 'e-mails without a delivery job were queued again');
      },
      every: 'minute',
      needsSmtp: true,
    },
    {
      // Renewals and expiries of the offline provider, and lapsed subscriptions of any provider.
      name: 'billing-clock',
      settings: CLOCK,
      concurrency: 1,
      handler: async () => {
        const outcome = await runBillingClock(ctx);
        ctx.log.info({ event: 'billing_clock', ...outcome }, 'billing clock ran');
      },
      every: 'hour',
    },
    {
      // Expiry, recertification and the daily digests.
      name: 'qualification-clock',
      settings: CLOCK,
      concurrency: 1,
      handler: () => runQualificationClock(ctx),
      every: 'hour',
    },
    {
      // Knowledge-check attempts left open past their time limit: closed as timed out, so they count.
      name: 'check-time-out-sweep',
      settings: CLOCK,
      concurrency: 1,
      handler: async () => {
        const closed = await closeOverdueAttempts(ctx, now());
        if (closed) ctx.log.info({ event: 'check_attempts_timed_out', closed }, 'check attempts past their time limit closed');
      },
      every: 'minute',
    },
    {
      name: 'evidence-head-mail',
      settings: CLOCK,
      concurrency: 1,
      handler: async () => {
        const sent = await sendHeadMails(ctx, now());
        ctx.log.info({ event: 'evidence_heads', sent }, 'weekly evidence heads e-mailed');
      },
      every: 'week',
    },
    {
      // A lesson's renditions, one asset per job (modules/renditions/next-rendition.ts); pg-boss does not renew a
      // lease, so it outlasts the longest transcode.
      name: RENDITIONS_QUEUE,
      settings: { retryLimit: 3, retryDelayMs: 30_000, leaseMs: 30 * MINUTE, keyed: true },
      concurrency: 1,
      handler: (job) => runRenditionsJob(ctx, job),
    },
    {
      // A studio upload's probe, transcode and poster (modules/studio), one at a time like the renditions.
      name: STUDIO_QUEUE,
      settings: { retryLimit: 2, retryDelayMs: 30_000, leaseMs: 30 * MINUTE },
      concurrency: 1,
      handler: ({ payload }) => processStudioUpload(ctx, payload as StudioJob),
    },
    {
      // A studio lesson from a script, or its narrated Spanish version: drawn, spoken and then transcoded like an upload
      // (modules/studio/script-lesson.ts, script-version.ts).
      name: STUDIO_SCRIPT_QUEUE,
      settings: { retryLimit: 2, retryDelayMs: 30_000, leaseMs: 30 * MINUTE },
      concurrency: 1,
      handler: ({ payload }) => renderScriptJob(ctx, payload as StudioScriptJob | StudioVersionJob),
    },
    {
      // Studio uploads begun long ago and never finished: their bytes stop counting against the quota.
      name: 'studio-expire-uploads',
      settings: CLOCK,
      concurrency: 1,
      handler: async () => {
        const expired = await expireAbandonedUploads(ctx, now());
        if (expired) ctx.log.info({ event: 'studio_uploads_expired', expired }, 'abandoned studio uploads let go');
      },
      every: 'hour',
    },
    {
      // A lesson's Spanish captions drafted from its English ones by Apertium (modules/captions/caption-drafts.ts),
      // queued after each catalog import; a missing Apertium fails the job (listed by `platform -- jobs`).
      name: CAPTION_DRAFTS_QUEUE,
      settings: { retryLimit: 2, retryDelayMs: MINUTE, leaseMs: 10 * MINUTE, keyed: true },
      concurrency: 1,
      handler: async ({ payload }) => {
        const outcome = await draftCaptions(ctx, Number(payload.videoId));
        ctx.log.info({ event: 'caption_draft', videoId: Number(payload.videoId), outcome }, 'machine caption draft');
      },
    },
    {
      // Every Spanish title that needs it, drafted in one Apertium run (modules/captions/title-drafts.ts), queued
      // after each catalog import like the captions.
      name: TITLE_DRAFTS_QUEUE,
      settings: { retryLimit: 2, retryDelayMs: MINUTE, leaseMs: 10 * MINUTE, keyed: true },
      concurrency: 1,
      handler: async () => {
        const drafts = await draftTitles(ctx);
        const drafted = [...drafts.videos.values()].filter((outcome) => outcome === 'drafted').length;
        ctx.log.info({ event: 'title_drafts', drafted, names: drafts.names }, 'machine title drafts');
      },
    },
    {
      // One webhook attempt per job; a failed one queues the next itself (modules/integrations/webhook-delivery.ts).
      name: WEBHOOK_QUEUE,
      settings: WEBHOOK_QUEUE_SETTINGS,
      concurrency: 4,
      handler: ({ payload }) => deliverWebhook(ctx, Number(payload.deliveryId)),
    },
    {
      // One xAPI statement attempt per job, retried as the webhooks' (modules/integrations/xapi-delivery.ts).
      name: XAPI_QUEUE,
      settings: XAPI_QUEUE_SETTINGS,
      concurrency: 2,
      handler: ({ payload }) => deliverStatement(ctx, Number(payload.deliveryId)),
    },
    {
      name: 'prune-write-receipts',
      settings: { ...CLOCK, leaseMs: HOUR },
      concurrency: 1,
      handler: async () => {
        await pruneWriteReceipts(ctx);
      },
      every: 'hour',
    },
  ];
}

/** Declares every queue (each instance: it may enqueue into any). */
export async function defineBackgroundWork(ctx: AppContext): Promise<void> {
  for (const kind of kinds(ctx)) await ctx.jobs.define(kind.name, kind.settings);
}

/**
 * Works every queue in this instance and starts the clocks. Answers the clock jobs this instance enqueued for the
 * current periods: the app waits for them before it listens, as it ran its clocks at start before the queue.
 */
export async function startBackgroundWork(ctx: AppContext): Promise<{ name: string; id: string }[]> {
  const started: { name: string; id: string }[] = [];
  for (const kind of kinds(ctx)) {
    if (kind.needsSmtp && !ctx.config.smtpUrl) continue;
    // The clock's job first: a worker's first look (at once) then finds it, with no wait for the next poll.
    if (kind.every) {
      const id = await ctx.jobs.schedule(kind.name, kind.every);
      if (id) started.push({ name: kind.name, id });
    }
    await ctx.jobs.work(kind.name, kind.handler, { concurrency: kind.concurrency });
  }
  return started;
}
