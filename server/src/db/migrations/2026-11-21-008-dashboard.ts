import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Team dashboard: the alerts and broadcasts supervisors send (who, to whom, about which category, when),
 * at most one per member, category and day (UTC), and the in-app notices members read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('alerts'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('alerts_user_category_day_key', ['user_id', 'category_id', 'day'])
    .execute();
  await db.schema.createIndex('alerts_organization_idx').on('alerts').columns(['organization_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('notices_user_idx').on('notices').columns(['user_id', 'created_at']).execute();

  // Dashboard aggregates read the watch rows of a category's videos: (video_id, user_id) covers the join from videos.
  await db.schema.createIndex('video_watch_video_user_idx').on('video_watch').columns(['video_id', 'user_id', 'watched_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('video_watch_video_user_idx').execute();
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('alerts').execute();
}
