import type { Kysely } from 'kysely';

/**
 * A script's step photos count against the organization's studio storage (issue 37): `studio_script_photos` records
 * each stored photo's key and size, summed with `studio_uploads` for the quota. Photos stored before this migration
 * have no row and keep not counting (the store cannot be listed from a migration).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_script_photos')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_script_photos_organization').on('studio_script_photos').column('organization_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_script_photos').execute();
}
