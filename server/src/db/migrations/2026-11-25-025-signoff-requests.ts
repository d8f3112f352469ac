import type { Kysely } from 'kysely';

/**
 * An operator at a station asks for sign-off (issue 17): one row per person and station, the moment of the last
 * request, so a repeat within the waiting time is refused by one conditional upsert whatever the instance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signoff_requests')
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('signoff_requests_pk', ['station_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signoff_requests').execute();
}
