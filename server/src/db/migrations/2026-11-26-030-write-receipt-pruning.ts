import type { Kysely } from 'kysely';

/**
 * Write receipts are kept only while a device may still hold the queued write (30 days), then pruned hourly by
 * one instance: the index on received_at keeps the prune's oldest-first batches from reading the whole table (the
 * claim itself is the primary key's lookup), and write_receipt_prunes records which instance took each hour.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('write_receipts_received_at_idx').on('write_receipts').column('received_at').execute();
  await db.schema
    .createTable('write_receipt_prunes')
    .addColumn('hour', 'bigint', (c) => c.primaryKey())
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('write_receipt_prunes').execute();
  await db.schema.dropIndex('write_receipts_received_at_idx').execute();
}
