import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Shared video links: one share per send, found by its random public `unique_id`, opened with a
 * 256-bit token stored only as its SHA-256, valid until `expires_at`. Recipients are kept for the record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('shares'))
    .addColumn('unique_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('sender_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('message', 'text')
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('share_recipients'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('share_recipients_share_idx').on('share_recipients').column('share_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_recipients').execute();
  await db.schema.dropTable('shares').execute();
}
