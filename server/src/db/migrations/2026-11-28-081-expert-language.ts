import type { Kysely } from 'kysely';

/**
 * The language an expert reads (issue 40): the catalog file's `language` of an expert ("en", "es"), the language a
 * member's question reaches them in; null (not given) is English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('experts').addColumn('language', 'varchar(35)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('experts').dropColumn('language').execute();
}
