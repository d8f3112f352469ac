import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { DAY, now } from '../../lib/clock.ts';
import { subscriptionGivesAccess } from '../tenancy/index.ts';
import { insertPayment } from './billing.queries.ts';

export const TRIAL_DAYS = 30;

/** The organization's subscription that currently gives access, with its plan title. */
/** Compiled once: every call that may play a video asks it. */
const accessSubscription = compiledOnce((db: Db, organizationId: number, t: number) =>
  db
    .selectFrom('subscriptions')
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['subscriptions.id', 'subscriptions.status', 'subscriptions.current_period_end', 'subscriptions.trial_ends_at', 'plans.title as plan_title'])
    .where('subscriptions.organization_id', '=', organizationId)
    .where((eb) => subscriptionGivesAccess(eb, t))
    .orderBy('subscriptions.current_period_end', 'desc')
    .limit(1),
);

export async function findAccessSubscription(db: Db, organizationId: number) {
  return (await accessSubscription(db, organizationId, now()))[0];
}

/** The payment mode of a trial's record in the billing history (an operator trial's or a checkout trial's). */
export const TRIAL_PAYMENT_MODE = 'free trial';

/** A 30-day trial without a plan (operator's create-organization), recorded in the billing history with its end date. */
export async function startTrial(db: Db, organizationId: number, provider: string): Promise<void> {
  const t = now();
  const trialEnd = t + TRIAL_DAYS * DAY;
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('subscriptions')
      .values({
        organization_id: organizationId,
        plan_id: null,
        status: 'trialing',
        trial_ends_at: trialEnd,
        current_period_end: trialEnd,
        auto_renew: 1,
        cancel_reason: null,
        provider,
        provider_subscription_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertPayment(trx, {
      organizationId,
      subscriptionId: id,
      planId: null,
      periodStart: t,
      periodEnd: trialEnd,
      currency: 'USD',
      totalAmount: 0,
      amount: 0,
      paymentMode: TRIAL_PAYMENT_MODE,
      provider,
      providerRef: null,
    });
  });
}
