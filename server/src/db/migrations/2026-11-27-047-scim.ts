import type { Kysely } from 'kysely';
import { withId } from '../dialect.ts';

/**
 * SCIM 2.0 provisioning (issue 39), written by modules/scim only:
 * - `scim_tokens`: an organization's bearer tokens for its identity provider, kept only as a hash; at most one is
 *   live (`revoked_at` null): creating a new one revokes the one before.
 * - `scim_users`: what SCIM knows of a member beyond the users table: the provider's `userName` and `externalId` and whether the
 *   provider deactivated them (`active` 0: the member's users row is soft-deleted, so sign-in refuses them and the seat
 *   is free; reactivating restores the row within the seats). A member deleted over SCIM loses this row.
 * - `scim_requests`: the organization's last provisioning calls (method, path, status, when), for the super user's page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('scim_tokens'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('scim_tokens_organization_idx').on('scim_tokens').columns(['organization_id', 'revoked_at']).execute();
  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(255)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_users_organization_idx').on('scim_users').columns(['organization_id', 'active']).execute();
  await withId(db, db.schema.createTable('scim_requests'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_requests_organization_idx').on('scim_requests').columns(['organization_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scim_requests').execute();
  await db.schema.dropTable('scim_users').execute();
  await db.schema.dropTable('scim_tokens').execute();
}
