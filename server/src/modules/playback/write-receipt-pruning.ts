import type { AppContext } from '../../app-context.ts';
import { HOUR, now } from '../../lib/clock.ts';
import { SESSION_IDLE_LIFETIME } from '../auth/index.ts';
import { claimReceiptPrune, deleteReceiptsBefore } from './playback.queries.ts';

/**
 * How long a write's id is remembered (30 days): a queued write carries the session it was made in, and that session
 * ends after this long unused, so an older replay is refused anyway; a replay inside the window is applied once.
 */
export const RECEIPT_WINDOW = SESSION_IDLE_LIFETIME;
/** Receipts deleted per statement: short transactions, so writes claiming receipts never wait long. */
export const PRUNE_BATCH = 1000;

/** The hourly prune of old write receipts: one instance takes each hour (claimed in the database), batch by batch. */
export async function pruneWriteReceipts(ctx: AppContext): Promise<number | null> {
  const t = now();
  if (!(await claimReceiptPrune(ctx.db, Math.floor(t / HOUR), t))) return null;
  let deleted = 0;
  for (;;) {
    const batch = await deleteReceiptsBefore(ctx.db, t - RECEIPT_WINDOW, PRUNE_BATCH);
    deleted += batch;
    if (batch < PRUNE_BATCH) break;
  }
  ctx.log.info({ event: 'write_receipts_pruned', deleted }, 'write receipts pruned');
  return deleted;
}
