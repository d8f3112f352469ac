import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * SAML 2.0 single sign-on (issue 39): an organization's connection is OpenID Connect or SAML (`protocol`). A SAML
 * connection keeps the identity provider's entity id in `issuer` (the issuer its members' subjects are linked under),
 * no client id or secret (empty), and its single sign-on address, signing certificate and, when given, the metadata
 * address it was read from. The requests we issued (single use, 10 minutes: InResponseTo), the assertion ids already
 * used (until their NotOnOrAfter: no replay), and the one-time codes the assertion consumer hands the browser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sso_connections')
    .addColumn('protocol', 'varchar(10)', (c) => c.notNull().defaultTo('oidc'))
    .execute();
  await db.schema.alterTable('sso_connections').addColumn('saml_sso_url', 'varchar(1000)').execute();
  await db.schema.alterTable('sso_connections').addColumn('saml_certificate', 'text').execute();
  await db.schema.alterTable('sso_connections').addColumn('saml_metadata_url', 'varchar(1000)').execute();

  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('browser_key_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('saml_used_assertions')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('assertion_id', 'varchar(255)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('saml_used_assertions_pk', ['organization_id', 'assertion_id'])
    .execute();

  await db.schema
    .createTable('saml_sign_in_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('browser_key_hash', 'varchar(64)', notNull)
    .addColumn('profile', 'text', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saml_sign_in_codes').execute();
  await db.schema.dropTable('saml_used_assertions').execute();
  await db.schema.dropTable('saml_requests').execute();
  await db.schema.alterTable('sso_connections').dropColumn('saml_metadata_url').execute();
  await db.schema.alterTable('sso_connections').dropColumn('saml_certificate').execute();
  await db.schema.alterTable('sso_connections').dropColumn('saml_sso_url').execute();
  await db.schema.alterTable('sso_connections').dropColumn('protocol').execute();
}
