import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/** The catalog loaded by `import-catalog`: experts, categories, videos and their media, pages, FAQs and the landing page. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('experts'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('email', 'varchar(254)', notNull)
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'varchar(500)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('picture', 'varchar(500)')
    .addColumn('essential', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', notNull)
    .addColumn('challenge', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('expert_id', 'integer', (c) => c.references('experts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('categories_sort_idx').on('categories').columns(['sort', 'id']).execute();

  await withId(db, db.schema.createTable('sub_categories'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('sort', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('sub_categories_category_idx').on('sub_categories').columns(['category_id', 'sort']).execute();

  await withId(db, db.schema.createTable('media_assets'))
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('source_path', 'varchar(1000)', notNull)
    .addColumn('duration_seconds', 'double precision', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('renditions', 'text', notNull)
    .addColumn('playlist_path', 'varchar(500)', notNull)
    .addColumn('poster_path', 'varchar(500)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('videos'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('sub_categories.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_seconds', 'integer', notNull)
    .addColumn('media_asset_id', 'integer', (c) => c.notNull().references('media_assets.id'))
    .addColumn('image', 'varchar(500)')
    .addColumn('playbook_path', 'varchar(500)')
    .addColumn('publish_time', 'bigint', notNull)
    .addColumn('in_test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('in_production', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('videos_sub_category_idx').on('videos').columns(['sub_category_id', 'id']).execute();
  await db.schema.createIndex('videos_category_idx').on('videos').columns(['category_id', 'id']).execute();
  await db.schema.createIndex('videos_publish_time_idx').on('videos').columns(['publish_time', 'id']).execute();

  await db.schema
    .createTable('video_experts')
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('expert_id', 'integer', (c) => c.notNull().references('experts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('video_experts_pk', ['video_id', 'expert_id'])
    .execute();
  // The spec's "videos by expert" list (view-all with cast_crew_id).
  await db.schema.createIndex('video_experts_expert_idx').on('video_experts').columns(['expert_id', 'video_id']).execute();

  await withId(db, db.schema.createTable('trailers'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('media_asset_id', 'integer', (c) => c.notNull().references('media_assets.id'))
    .addColumn('image', 'varchar(500)')
    .addColumn('sort', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('trailers_video_sort_key', ['video_id', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('pages'))
    .addColumn('unique_id', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('page_type', 'varchar(30)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('faqs'))
    .addColumn('question', 'varchar(500)', notNull)
    .addColumn('answer', 'text', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  let landing = db.schema
    .createTable('landing_content')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('banner_title', 'varchar(200)', notNull)
    .addColumn('banner_video_asset_id', 'integer', (c) => c.notNull().references('media_assets.id'));
  for (const n of [1, 2, 3]) {
    landing = landing
      .addColumn(`section${n}_title`, 'varchar(200)', notNull)
      .addColumn(`section${n}_description`, 'text', notNull)
      .addColumn(`section${n}_video_asset_id`, 'integer', (c) => c.notNull().references('media_assets.id'));
  }
  await landing.addColumn('updated_at', 'bigint', notNull).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['landing_content', 'faqs', 'pages', 'trailers', 'video_experts', 'videos', 'media_assets', 'sub_categories', 'categories', 'experts']) {
    await db.schema.dropTable(table).execute();
  }
}
