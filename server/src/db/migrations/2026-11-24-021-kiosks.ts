import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Shared kiosks (issue 17): a tablet enrolled for one team, known by a random device token kept only as its
 * SHA-256 and revocable; each member's kiosk PIN (argon2id, like passwords); and sessions opened on a kiosk
 * carry its id, so the server refuses them account, billing and administration calls and ends them soon.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('kiosks'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('enrolled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('kiosks_organization_idx').on('kiosks').column('organization_id').execute();

  await db.schema
    .createTable('kiosk_pins')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pin_hash', 'varchar(255)', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await db.schema.alterTable('sessions').addColumn('kiosk_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('kiosk_id').execute();
  await db.schema.dropTable('kiosk_pins').execute();
  await db.schema.dropTable('kiosks').execute();
}
