import type { Kysely } from 'kysely';
import { withId } from '../dialect.ts';

/**
 * The plant studio (issue 37), written by modules/studio only:
 * - `studio_authors`: the members a super user made authors of their organization's own lessons (one row each).
 * - `studio_lessons`: an organization's own lessons, private to it. A lesson is a draft until `published_at` is set;
 *   its media goes `none` -> `uploading` -> `processing` -> `ready` (or `failed`, with `error` in words), with
 *   `progress` (0..100) while processing, and its transcoded asset in `media_asset_id` once ready.
 * - `studio_uploads`: the resumable (tus) uploads, each for one lesson; `size` is the declared length, what the
 *   organization's storage quota counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_authors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('studio_lessons'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('media_state', 'varchar(12)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)')
    .addColumn('media_asset_id', 'integer', (c) => c.references('media_assets.id'))
    .addColumn('duration_seconds', 'double precision')
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_lessons_organization_idx').on('studio_lessons').columns(['organization_id', 'published_at']).execute();
  await db.schema
    .createTable('studio_uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_uploads_organization_idx').on('studio_uploads').column('organization_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_uploads').execute();
  await db.schema.dropTable('studio_lessons').execute();
  await db.schema.dropTable('studio_authors').execute();
}
