import type { Kysely } from 'kysely';

/**
 * Writes the web app makes offline (watch reports, likes, My List) are queued with an id each and replayed when the
 * network returns (issue 17); a write whose id the server already received from that member does nothing again.
 * One row per member and id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('write_receipts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('write_receipts_pk', ['user_id', 'request_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('write_receipts').execute();
}
