import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * The studio's lessons played, followed and revised (issue 37):
 * - `studio_lessons.captions_hash`, `captions_lang`: the lesson's captions as a stored WebVTT track (the captions
 *   module's content-addressed file), what the player shows; `revision`: 1 until a published lesson's video is
 *   replaced; `pending_requires_retraining`, `pending_summary`: what the author chose for the replacement under way.
 * - `studio_lesson_revisions`: every revision of a published lesson's video (the first included), written by studio.
 * - `studio_lesson_watches`: a member's watch time on an own lesson, `watched_at` once at 90% (written by studio);
 *   a revision requiring retraining clears `watched_at`.
 * - `learning_path_lessons`: the organization's own lessons a path holds beside its categories, in order (written by
 *   organization, the path creator's module).
 * - `studio_audit`: who created, edited, published, unpublished, deleted or revised which lesson when (studio).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('studio_lessons').addColumn('captions_hash', 'varchar(64)').execute();
  await db.schema.alterTable('studio_lessons').addColumn('captions_lang', 'varchar(16)').execute();
  await db.schema
    .alterTable('studio_lessons')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('studio_lessons').addColumn('pending_requires_retraining', 'integer').execute();
  await db.schema.alterTable('studio_lessons').addColumn('pending_summary', 'varchar(500)').execute();

  await withId(db, db.schema.createTable('studio_lesson_revisions'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('revision', 'integer', notNull)
    .addColumn('media_asset_id', 'integer', (c) => c.notNull().references('media_assets.id'))
    .addColumn('duration_seconds', 'double precision', notNull)
    .addColumn('requires_retraining', 'integer', notNull)
    .addColumn('summary', 'varchar(500)', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('studio_lesson_revisions_lesson_idx').on('studio_lesson_revisions').columns(['lesson_id', 'revision']).unique().execute();

  await db.schema
    .createTable('studio_lesson_watches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('seconds', 'double precision', notNull)
    .addColumn('position_seconds', 'double precision', notNull)
    .addColumn('watched_at', 'bigint')
    .addColumn('revision', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('studio_lesson_watches_pk', ['user_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('studio_lesson_watches_lesson_idx').on('studio_lesson_watches').column('lesson_id').execute();

  await db.schema
    .createTable('learning_path_lessons')
    .addColumn('path_id', 'integer', (c) => c.notNull().references('learning_paths.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('learning_path_lessons_pk', ['path_id', 'lesson_id'])
    .execute();

  await withId(db, db.schema.createTable('studio_audit'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer')
    .addColumn('user_id', 'integer', notNull)
    .addColumn('action', 'varchar(20)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('detail', 'varchar(1000)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('studio_audit_organization_idx').on('studio_audit').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_audit').execute();
  await db.schema.dropTable('learning_path_lessons').execute();
  await db.schema.dropTable('studio_lesson_watches').execute();
  await db.schema.dropTable('studio_lesson_revisions').execute();
  for (const column of ['pending_summary', 'pending_requires_retraining', 'revision', 'captions_lang', 'captions_hash'])
    await db.schema.alterTable('studio_lessons').dropColumn(column).execute();
}
