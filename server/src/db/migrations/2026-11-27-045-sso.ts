import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Single sign-on per organization (issue 39): the organization's OpenID Connect connection (its client secret
 * encrypted with SSO_SECRET_KEY), the e-mail domains it signs in with (a domain belongs to one organization), the
 * provider's subjects linked to members, the sign-ins under way (state, nonce and PKCE verifier until the browser
 * comes back), and whether the organization's members may still sign in with a password.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('client_secret_sealed', 'text', notNull)
    .addColumn('team_claim', 'varchar(100)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('sso_domains')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sso_domains_organization_idx').on('sso_domains').column('organization_id').execute();

  await withId(db, db.schema.createTable('sso_identities'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', notNull)
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('sso_identities_subject_unique', ['organization_id', 'issuer', 'subject'])
    .execute();

  await db.schema
    .createTable('sso_sign_ins')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('browser_key_hash', 'varchar(64)', notNull)
    .addColumn('nonce', 'varchar(100)', notNull)
    .addColumn('code_verifier_sealed', 'text', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();

  await db.schema
    .alterTable('organizations')
    .addColumn('password_sign_in', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('password_sign_in').execute();
  await db.schema.dropTable('sso_sign_ins').execute();
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('sso_domains').execute();
  await db.schema.dropTable('sso_connections').execute();
}
