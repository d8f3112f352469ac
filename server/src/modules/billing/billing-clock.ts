import type { AppContext } from '../../app-context.ts';
import { DAY, now } from '../../lib/clock.ts';
import { insertPayment, listLapsedSubscriptions, renewLapsedSubscription, updateSubscription } from './billing.queries.ts';
import { addMonths, paymentModeOf } from './billing.service.ts';

/** Stripe renews through events, which may arrive a little after the period end. */
const STRIPE_GRACE = 3 * DAY;

/**
 * Keeps subscriptions true over time: at the end of a period the offline provider renews
 * (test mode: nothing is charged) when auto-renewal is on; otherwise the subscription expires.
 * Access itself never outlives `current_period_end` (findAccessSubscription), this only records it. Every app
 * instance runs it: a renewal is claimed by its period end, so one instance renews and records the payment.
 */
export async function runBillingClock(ctx: AppContext, at = now()): Promise<{ renewed: number; expired: number }> {
  let renewed = 0;
  let expired = 0;
  for (const s of await listLapsedSubscriptions(ctx.db, at)) {
    if (s.provider === 'stripe') {
      if (s.auto_renew === 1 && s.current_period_end > at - STRIPE_GRACE) continue;
    } else if (s.auto_renew === 1 && s.plan_id !== null && s.months !== null && s.amount !== null && s.currency !== null) {
      let periodEnd = s.current_period_end;
      while (periodEnd <= at) periodEnd = addMonths(periodEnd, s.months);
      const { months, amount, currency } = s;
      const won = await ctx.db.transaction().execute(async (trx) => {
        // Another instance's clock may have renewed it since it was listed: then it took the payment too.
        if (!(await renewLapsedSubscription(trx, s.id, s.current_period_end, periodEnd))) return false;
        await insertPayment(trx, {
          organizationId: s.organization_id,
          subscriptionId: s.id,
          planId: s.plan_id,
          periodStart: addMonths(periodEnd, -months),
          periodEnd,
          currency,
          totalAmount: amount,
          amount,
          paymentMode: paymentModeOf(s.provider),
          provider: s.provider,
          providerRef: null,
        });
        return true;
      });
      if (won) renewed++;
      continue;
    }
    await updateSubscription(ctx.db, s.id, { status: 'expired' });
    expired++;
  }
  return { renewed, expired };
}
