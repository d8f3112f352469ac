import type { Kysely } from 'kysely';

/**
 * Languages (issue 40): a member's own language (null: their organization's default, then English) and an
 * organization's default language for its members (null: English). Values are the web's locale folders ("en", "es").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'varchar(16)').execute();
  await db.schema.alterTable('organizations').addColumn('default_locale', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('default_locale').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
