import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/** Playback: server settings (media signing secret), votes, My List, watch time (total and per day), like counters. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  // Counters kept next to the video so lists read likes without aggregating votes; recounted on every vote.
  await db.schema
    .alterTable('videos')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('dislike_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // View-all lists: New Releases and Recommended run over in_production videos.
  await db.schema.createIndex('videos_production_publish_idx').on('videos').columns(['in_production', 'publish_time', 'id']).execute();
  await db.schema.createIndex('videos_production_likes_idx').on('videos').columns(['in_production', 'like_count', 'publish_time']).execute();

  await db.schema
    .createTable('video_votes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('vote', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('video_votes_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema.createIndex('video_votes_video_idx').on('video_votes').columns(['video_id', 'vote']).execute();

  await withId(db, db.schema.createTable('wishlists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('wishlists_user_video_key', ['user_id', 'video_id'])
    .execute();
  await db.schema.createIndex('wishlists_user_created_idx').on('wishlists').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('video_watch')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('seconds', 'double precision', notNull)
    .addColumn('watched_at', 'bigint')
    .addColumn('last_watched_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('video_watch_pk', ['user_id', 'video_id'])
    .execute();
  // "Resume": the caller's latest watched video (in a category).
  await db.schema.createIndex('video_watch_user_last_idx').on('video_watch').columns(['user_id', 'last_watched_at']).execute();

  // Seconds per member, video and day (in the member's time zone), for weekly stats and streaks.
  await db.schema
    .createTable('video_watch_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('seconds', 'double precision', notNull)
    .addPrimaryKeyConstraint('video_watch_days_pk', ['user_id', 'day', 'video_id'])
    .execute();
  await db.schema.createIndex('video_watch_days_video_idx').on('video_watch_days').column('video_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['video_watch_days', 'video_watch', 'wishlists', 'video_votes', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('videos_production_likes_idx').execute();
  await db.schema.dropIndex('videos_production_publish_idx').execute();
  await db.schema.alterTable('videos').dropColumn('dislike_count').execute();
  await db.schema.alterTable('videos').dropColumn('like_count').execute();
}
