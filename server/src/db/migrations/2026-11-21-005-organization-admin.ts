import { type Kysely, sql } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Learning paths: one per organization (team_id null, the default for new users) and at most one per team.
 * A path holds its ordered categories with their required flag, and the videos hidden from its members.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('learning_paths'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  // NULLs are distinct in unique indexes on both databases: COALESCE makes the organization's own path unique too.
  await sql`CREATE UNIQUE INDEX learning_paths_scope_idx ON learning_paths (organization_id, COALESCE(team_id, 0))`.execute(db);

  await db.schema
    .createTable('learning_path_categories')
    .addColumn('path_id', 'integer', (c) => c.notNull().references('learning_paths.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addColumn('essential', 'integer', notNull)
    .addPrimaryKeyConstraint('learning_path_categories_pk', ['path_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('learning_path_hidden_videos')
    .addColumn('path_id', 'integer', (c) => c.notNull().references('learning_paths.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('learning_path_hidden_videos_pk', ['path_id', 'video_id'])
    .execute();

  await db.schema.createIndex('users_organization_deleted_idx').on('users').columns(['organization_id', 'deleted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_organization_deleted_idx').execute();
  await db.schema.dropTable('learning_path_hidden_videos').execute();
  await db.schema.dropTable('learning_path_categories').execute();
  await db.schema.dropTable('learning_paths').execute();
}
