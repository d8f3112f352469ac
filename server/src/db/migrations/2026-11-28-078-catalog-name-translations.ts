import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * A category's and a sub-category's name in another language (issue 40), written by captions like the videos' titles
 * (migration 074): one row per category (sub-category) and language, `origin` 'author' (the catalog file's
 * `translations`) or 'machine' (drafted by Apertium); a machine row keeps in `source_hash` the hash of the English name
 * it was drafted from, and is out of date (not shown) once the name changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('category_name_translations')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', notNull)
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('origin', 'varchar(16)', notNull)
    .addColumn('source_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('category_name_translations_pkey', ['category_id', 'locale'])
    .execute();
  await db.schema
    .createTable('sub_category_name_translations')
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('sub_categories.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', notNull)
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('origin', 'varchar(16)', notNull)
    .addColumn('source_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('sub_category_name_translations_pkey', ['sub_category_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sub_category_name_translations').execute();
  await db.schema.dropTable('category_name_translations').execute();
}
