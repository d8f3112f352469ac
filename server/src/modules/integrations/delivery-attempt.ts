import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { claimDeliveryAttempt, type DeliveryTable, recordDeliveryAttempt } from './deliveries.queries.ts';
import { retryOrGiveUp } from './integrations.rules.ts';

/** What one send answered: an HTTP status (null: no answer), an excerpt for the log, and whether a retry cannot help. */
export type SendOutcome = { status: number | null; excerpt: string; final?: boolean };

/**
 * One attempt of an outbox row (a webhook delivery, an xAPI statement): claimed for the attempt so two instances
 * never send it at once, sent, then written. A 2xx answer delivers it; anything else is logged and, within the
 * retry window from its creation, a later attempt is queued in the same transaction as the failure (backoff doubling
 * from WEBHOOK_RETRY_MS, at most an hour); a final failure or the window's end fails it.
 */
export async function attemptDelivery(
  ctx: AppContext,
  outbox: { table: DeliveryTable; queue: string; leaseMs: number; failureLogEvent: string },
  delivery: { id: number; attempts: number; created_at: number },
  send: () => Promise<SendOutcome>,
): Promise<void> {
  const t = now();
  if (!(await claimDeliveryAttempt(ctx.db, outbox.table, delivery.id, delivery.attempts, t, t + outbox.leaseMs))) return;
  const attempts = delivery.attempts + 1;
  const outcome = await send();
  const done = now();
  const base = { attempts, response_status: outcome.status, response_excerpt: outcome.excerpt, last_attempt_at: done };
  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
    await recordDeliveryAttempt(ctx.db, outbox.table, delivery.id, { ...base, status: 'delivered', delivered_at: done });
    return;
  }
  const next = outcome.final ? { failed: true as const } : retryOrGiveUp(delivery.created_at, done, ctx.config.integrations.webhookRetryMs, attempts);
  ctx.log.warn(
    { event: outbox.failureLogEvent, deliveryId: delivery.id, attempts, status: outcome.status, final: 'failed' in next },
    'delivery attempt failed',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await recordDeliveryAttempt(trx, outbox.table, delivery.id, { ...base, status: 'failed' in next ? 'failed' : 'pending', delivered_at: null });
    if ('retryAt' in next) await ctx.jobs.enqueueWithin(trx, outbox.queue, { deliveryId: delivery.id }, { startAfter: next.retryAt });
  });
}
