import type { Kysely } from 'kysely';

/**
 * Watch reports made offline are queued by the web app with an id each and replayed when the network returns
 * (issue 17); a replay of an id already received for that member counts nothing. One row per member and id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_report_receipts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_report_receipts_pk', ['user_id', 'report_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('watch_report_receipts').execute();
}
