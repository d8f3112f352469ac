import type { Kysely } from 'kysely';

/**
 * E-mail delivery moved onto the job queue (issue 36): a message is claimed for one delivery by a lease of its own
 * (`lease_until`, epoch ms; null: free), apart from `next_attempt_at`, which now only says when a retry is due. Before,
 * the claim moved next_attempt_at, so a delivery job (which does not wait for next_attempt_at: the queue times its
 * retries) could not tell a message being sent from one waiting for its retry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('lease_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('lease_until').execute();
}
