import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('organizations'))
    .addColumn('name', 'varchar(150)', notNull)
    .addColumn('banner_url', 'varchar(500)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('teams'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('teams_organization_idx').on('teams').columns(['organization_id', 'name']).execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'varchar(100)')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'varchar(500)')
    .addColumn('is_super_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_login', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logged_in_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login', 'bigint')
    .addColumn('timezone', 'varchar(64)')
    .addColumn('is_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('users_organization_idx').on('users').columns(['organization_id', 'team_id']).execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_used_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('user_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(20)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await withId(db, db.schema.createTable('auth_attempts'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('subject', 'varchar(254)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('auth_attempts_lookup_idx').on('auth_attempts').columns(['kind', 'subject', 'created_at']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'varchar(254)', notNull)
    .addColumn('subject', 'varchar(300)', notNull)
    .addColumn('text_body', 'text', notNull)
    .addColumn('html_body', 'text', notNull)
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('next_attempt_at', 'bigint', notNull)
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('outbox_pending_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await withId(db, db.schema.createTable('plans'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('price_id', 'varchar(100)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('months', 'integer', notNull)
    .addColumn('no_of_account', 'integer', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await withId(db, db.schema.createTable('subscriptions'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.references('plans.id').onDelete('set null'))
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('trial_ends_at', 'bigint')
    .addColumn('current_period_end', 'bigint', notNull)
    .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cancel_reason', 'text')
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('provider_subscription_id', 'varchar(100)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('subscriptions_organization_idx').on('subscriptions').columns(['organization_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['subscriptions', 'plans', 'outbox', 'auth_attempts', 'user_tokens', 'sessions', 'users', 'teams', 'organizations']) {
    await db.schema.dropTable(table).execute();
  }
}
