import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Integrations (issue 39): an organization's API tokens (kept only as their SHA-256, with their scopes, last use and
 * revocation), its webhook endpoints (the signing secret kept to sign with: it must be read back), and the webhook
 * deliveries, one row per event and endpoint, written in the transaction that established the event and delivered
 * after the commit by the job queue (status, attempts, the last answer's status and a short excerpt).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('api_tokens'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('token_hint', 'varchar(16)', notNull)
    .addColumn('scopes', 'varchar(200)', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_organization_idx').on('api_tokens').column('organization_id').execute();

  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', notNull)
    .addColumn('events', 'varchar(500)', notNull)
    .addColumn('secret', 'varchar(100)', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_endpoints_organization_idx').on('webhook_endpoints').column('organization_id').execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('event', 'varchar(50)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addColumn('lease_until', 'bigint')
    .addColumn('response_status', 'integer')
    .addColumn('response_excerpt', 'varchar(500)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('api_tokens').execute();
}
