import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Abuse limits become one counter row per (limit, subject), bumped by a single upsert that answers the new
 * count: concurrent attempts each see their own place in line, so none can slip past the limit between a
 * read and a write, as they could with the append-only auth_attempts log this replaces.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('subject', 'varchar(254)', notNull)
    .addColumn('window_start', 'bigint', notNull)
    .addColumn('count', 'integer', notNull)
    .addPrimaryKeyConstraint('throttle_counters_pk', ['kind', 'subject'])
    .execute();
  await db.schema.dropTable('auth_attempts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('auth_attempts'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('subject', 'varchar(254)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('auth_attempts_lookup_idx').on('auth_attempts').columns(['kind', 'subject', 'created_at']).execute();
  await db.schema.dropTable('throttle_counters').execute();
}
