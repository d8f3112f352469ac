import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/** Billing: checkout sessions, payment records (the /plans/me list) and provider events applied once. */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per checkout started; `session_ref` is the provider's id (the offline provider's is a random token).
  await withId(db, db.schema.createTable('checkout_sessions'))
    .addColumn('session_ref', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('is_trial', 'integer', notNull)
    .addColumn('success_url', 'text', notNull)
    .addColumn('cancel_url', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('paid_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('payments'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.references('plans.id').onDelete('set null'))
    .addColumn('period_start', 'bigint', notNull)
    .addColumn('period_end', 'bigint', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('total_amount', 'integer', notNull)
    .addColumn('wallet_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code', 'varchar(60)')
    .addColumn('coupon_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'integer', notNull)
    .addColumn('payment_mode', 'varchar(30)', notNull)
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('payments_organization_idx').on('payments').columns(['organization_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('provider_events'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('event_id', 'varchar(255)', notNull)
    .addColumn('type', 'varchar(100)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('provider_events_event_unique', ['provider', 'event_id'])
    .execute();

  await db.schema.createIndex('subscriptions_provider_idx').on('subscriptions').columns(['provider', 'provider_subscription_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_provider_idx').execute();
  for (const table of ['provider_events', 'payments', 'checkout_sessions']) await db.schema.dropTable(table).execute();
}
