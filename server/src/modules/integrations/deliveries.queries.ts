import type { Db, DbTransaction } from '../../db/client.ts';
import type { WebhookDeliveryTable } from '../../db/schema.ts';

/** The two outboxes whose rows are sent by the same attempt loop (delivery-attempt.ts): their attempt columns are the same. */
export type DeliveryTable = 'webhook_deliveries' | 'xapi_deliveries';

export type AttemptOutcome = Pick<WebhookDeliveryTable, 'status' | 'attempts' | 'response_status' | 'response_excerpt' | 'last_attempt_at' | 'delivered_at'>;

/**
 * Takes a pending delivery for one attempt: only while no other attempt holds it (its lease) and its attempts are
 * still `attempts` (one that another instance has meanwhile made is not made again). Answers whether it was taken.
 */
export async function claimDeliveryAttempt(db: Db, table: DeliveryTable, id: number, attempts: number, t: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', t)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes an attempt's outcome and lets go of its lease. */
export async function recordDeliveryAttempt(db: Db | DbTransaction, table: DeliveryTable, id: number, outcome: AttemptOutcome): Promise<void> {
  await db
    .updateTable(table)
    .set({ ...outcome, lease_until: null })
    .where('id', '=', id)
    .execute();
}
