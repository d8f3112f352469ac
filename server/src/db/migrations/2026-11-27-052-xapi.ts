import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * xAPI (issue 39): an organization's Learning Record Store (its statements endpoint, the basic-auth key and the secret
 * sealed with SSO_SECRET_KEY, never in clear), and the statement deliveries, one row per statement, written in the
 * transaction of the fact it states and delivered after the commit by the job queue. A statement's id is derived from
 * the fact, unique per organization: a fact stated twice is one row, and a retry sends the same id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('xapi_lrs'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().unique().references('organizations.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2000)', notNull)
    .addColumn('username', 'varchar(200)', notNull)
    .addColumn('secret_sealed', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('xapi_deliveries'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('statement_id', 'varchar(36)', notNull)
    .addColumn('verb', 'varchar(50)', notNull)
    .addColumn('object_id', 'varchar(2000)', notNull)
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
  await db.schema.createIndex('xapi_deliveries_statement_idx').on('xapi_deliveries').columns(['organization_id', 'statement_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('xapi_deliveries').execute();
  await db.schema.dropTable('xapi_lrs').execute();
}
