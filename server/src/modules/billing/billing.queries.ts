import type { Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { CheckoutSessionTable, Database, SubscriptionTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';

type Executor = Db | Transaction<Database>;

export const listPlanRows = (db: Db) => db.selectFrom('plans').selectAll().orderBy('id').execute();

export const findPlan = (db: Executor, planId: number) => db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst();

export const findPlanByKey = (db: Executor, key: string) => db.selectFrom('plans').selectAll().where('key', '=', key).executeTakeFirst();

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

/** The organization's subscription row (one per organization: renewals and new checkouts update it). */
export function findOrganizationSubscription(db: Executor, organizationId: number) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select(['plans.title as plan_title', 'plans.no_of_account as plan_no_of_account'])
    .where('subscriptions.organization_id', '=', organizationId)
    .orderBy('subscriptions.id', 'desc')
    .executeTakeFirst();
}

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findOrganizationSubscription>>>;

export async function organizationHasSuperUser(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_super_user', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the organization's row until the caller's transaction ends (PostgreSQL; SQLite has one writer at a time):
 * the seat count and the inserts that follow it are then one step. NO KEY UPDATE, so inserts that only reference
 * the organization are not held up. False when there is no such organization.
 */
export async function lockOrganizationSeats(trx: Db, organizationId: number): Promise<boolean> {
  let query = trx.selectFrom('organizations').select('id').where('id', '=', organizationId);
  if (isPostgres(trx)) query = query.forNoKeyUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

export async function countOrganizationMembers(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCheckoutSession(
  db: Db,
  row: Omit<CheckoutSessionTable, 'id' | 'created_at' | 'paid_at' | 'consumed_at' | 'status'>,
): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({ ...row, status: 'open', created_at: now(), paid_at: null, consumed_at: null })
    .execute();
}

/** A checkout of the organization (scope inside the query: another organization's session is not found). */
export const findOrganizationCheckout = (db: Db, organizationId: number, sessionRef: string) =>
  db.selectFrom('checkout_sessions').selectAll().where('session_ref', '=', sessionRef).where('organization_id', '=', organizationId).executeTakeFirst();

/**
 * The checkout a return without a session reference means: the organization's newest one still waiting to be
 * applied, else its newest applied one (a reloaded return page answers "already confirmed").
 */
export async function findLatestOrganizationCheckout(db: Db, organizationId: number) {
  const latest = (pending: boolean) =>
    db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('status', '!=', 'cancelled')
      .where('consumed_at', pending ? 'is' : 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  return (await latest(true)) ?? (await latest(false));
}

export type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findOrganizationCheckout>>>;

/** An open offline checkout can be paid for this long, like a Stripe Checkout Session (24 hours by default). */
export const OFFLINE_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The offline checkout page knows a session only by its unguessable reference. An open one past its
 * lifetime is gone (settled ones stay readable, so a late click still lands on the right page).
 */
export function findOfflineCheckout(db: Db, sessionRef: string) {
  return db
    .selectFrom('checkout_sessions')
    .innerJoin('plans', 'plans.id', 'checkout_sessions.plan_id')
    .select([
      'checkout_sessions.id',
      'checkout_sessions.status',
      'checkout_sessions.is_trial',
      'checkout_sessions.success_url',
      'checkout_sessions.cancel_url',
      'checkout_sessions.created_at',
      'plans.title',
      'plans.currency',
      'plans.amount',
      'plans.months',
    ])
    .where('checkout_sessions.session_ref', '=', sessionRef)
    .where('checkout_sessions.provider', '=', 'offline')
    .where((eb) => eb.or([eb('checkout_sessions.status', '!=', 'open'), eb('checkout_sessions.created_at', '>', now() - OFFLINE_CHECKOUT_LIFETIME_MS)]))
    .executeTakeFirst();
}

/** open -> paid or cancelled, once; answers whether this call made the change. */
export async function settleOpenCheckout(db: Executor, sessionRef: string, status: 'paid' | 'cancelled'): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status, paid_at: status === 'paid' ? now() : null })
    .where('session_ref', '=', sessionRef)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a paid checkout applied; false when it already was (a replay). */
export async function consumeCheckout(db: Executor, checkoutId: number): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'paid', consumed_at: now() })
    .where('id', '=', checkoutId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type SubscriptionValues = Omit<SubscriptionTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

/** Writes the organization's subscription (updating its row when it has one) and returns its id. */
export async function saveOrganizationSubscription(db: Executor, organizationId: number, values: SubscriptionValues): Promise<number> {
  const t = now();
  const existing = await findOrganizationSubscription(db, organizationId);
  if (existing) {
    await db
      .updateTable('subscriptions')
      .set({ ...values, updated_at: t })
      .where('id', '=', existing.id)
      .where('organization_id', '=', organizationId)
      .execute();
    return existing.id;
  }
  const row = await db
    .insertInto('subscriptions')
    .values({ ...values, organization_id: organizationId, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves a lapsed subscription to its next period, only if its period still ends where the caller read it:
 * with several app instances running the billing clock, exactly one of them renews (answers true).
 */
export async function renewLapsedSubscription(db: Executor, subscriptionId: number, readPeriodEnd: number, nextPeriodEnd: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'active', current_period_end: nextPeriodEnd, trial_ends_at: null, updated_at: now() })
    .where('id', '=', subscriptionId)
    .where('current_period_end', '=', readPeriodEnd)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateSubscription(
  db: Executor,
  subscriptionId: number,
  changes: Partial<Pick<SubscriptionTable, 'status' | 'current_period_end' | 'trial_ends_at' | 'auto_renew' | 'cancel_reason'>>,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', subscriptionId)
    .execute();
}

export const findSubscriptionByProviderId = (db: Executor, provider: string, providerSubscriptionId: string) =>
  db.selectFrom('subscriptions').selectAll().where('provider', '=', provider).where('provider_subscription_id', '=', providerSubscriptionId).executeTakeFirst();

export type NewPayment = {
  organizationId: number;
  subscriptionId: number;
  planId: number | null;
  periodStart: number;
  periodEnd: number;
  currency: string;
  totalAmount: number;
  amount: number;
  paymentMode: string;
  provider: string;
  providerRef: string | null;
};

export async function insertPayment(db: Executor, p: NewPayment): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      organization_id: p.organizationId,
      subscription_id: p.subscriptionId,
      plan_id: p.planId,
      period_start: p.periodStart,
      period_end: p.periodEnd,
      currency: p.currency,
      total_amount: p.totalAmount,
      coupon_code: null,
      amount: p.amount,
      payment_mode: p.paymentMode,
      provider: p.provider,
      provider_ref: p.providerRef,
      created_at: now(),
    })
    .execute();
}

/** The organization's payment records, newest first, each with its plan and its subscription's state. */
export function listOrganizationPayments(db: Db, organizationId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .leftJoin('plans', 'plans.id', 'payments.plan_id')
    .select([
      'payments.id',
      'payments.created_at',
      'payments.period_end',
      'payments.currency',
      'payments.total_amount',
      'payments.wallet_amount',
      'payments.coupon_code',
      'payments.coupon_amount',
      'payments.amount',
      'payments.payment_mode',
      'plans.title',
      'plans.months',
      'plans.no_of_account',
      'subscriptions.status',
      'subscriptions.auto_renew',
      'subscriptions.cancel_reason',
      'subscriptions.current_period_end',
    ])
    .where('payments.organization_id', '=', organizationId)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
}

/** Records a provider event; false when it was already recorded (the caller then applies nothing). */
export async function recordProviderEvent(db: Executor, provider: string, eventId: string, type: string): Promise<boolean> {
  const result = await db
    .insertInto('provider_events')
    .values({ provider, event_id: eventId, type, created_at: now() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Subscriptions that still count as running but whose period has ended. */
export function listLapsedSubscriptions(db: Db, at: number) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select(['plans.months', 'plans.amount', 'plans.currency'])
    .where('subscriptions.status', 'in', ['trialing', 'active', 'past_due'])
    .where('subscriptions.current_period_end', '<=', at)
    .execute();
}
