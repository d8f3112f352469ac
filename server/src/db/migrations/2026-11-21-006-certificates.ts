import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/** Learning: certificates (category) and micro-certificates (sub-category), issued once; recorded challenges. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('certificates'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', notNull)
    /** The category id (kind 'category') or the sub-category id (kind 'sub_category'). */
    .addColumn('subject_id', 'integer', notNull)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('sub_category_id', 'integer', (c) => c.references('sub_categories.id').onDelete('cascade'))
    .addColumn('issued_at', 'bigint', notNull)
    .addColumn('verification_code', 'varchar(40)', (c) => c.notNull().unique())
    .addUniqueConstraint('certificates_user_kind_subject_key', ['user_id', 'kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('certificates_org_idx').on('certificates').columns(['organization_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('challenges'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('challenge_type', 'varchar(20)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('status', 'varchar(40)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('challenges_user_idx').on('challenges').columns(['user_id', 'category_id']).execute();
  // Ranking: watched videos per member.
  await db.schema.createIndex('video_watch_user_watched_idx').on('video_watch').columns(['user_id', 'watched_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('video_watch_user_watched_idx').execute();
  await db.schema.dropTable('challenges').execute();
  await db.schema.dropTable('certificates').execute();
}
