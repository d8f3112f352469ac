import type Stripe from 'stripe';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findSubscriptionByProviderId, insertPayment, recordProviderEvent, settleOpenCheckout, updateSubscription } from './billing.queries.ts';
import { stripeClient } from './payment-provider.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const STATUS: Partial<Record<Stripe.Subscription.Status, 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired'>> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'expired',
};

/** Checks the signature on the raw body with the SDK; anything else is refused before it is read. */
export function verifyStripeEvent(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature || !ctx.config.payment.stripeWebhookSecret) throw badRequest('Missing Stripe signature.');
  try {
    return stripeClient(ctx.config).webhooks.constructEvent(rawBody, signature, ctx.config.payment.stripeWebhookSecret);
  } catch {
    // Worth an operator's look: a misconfigured secret, or someone posting forged events.
    throw new AppError(400, 'Invalid Stripe signature.', {
      warning: { fields: { event: 'stripe_webhook', outcome: 'bad_signature' }, message: 'payment provider event refused: invalid signature' },
    });
  }
}

/** Applies a verified event once: it is recorded by id in the same transaction, so a replay changes nothing. */
export async function applyStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<'applied' | 'duplicate'> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await recordProviderEvent(trx, 'stripe', event.id, event.type))) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        await settleOpenCheckout(trx, event.data.object.id, 'paid');
        break;
      case 'invoice.paid': {
        const invoice = event.data.object;
        // The first invoice belongs to the checkout (applied by v4/subscriptions_payment); later ones are renewals.
        if (invoice.billing_reason === 'subscription_create') break;
        const providerId = idOf(invoice.parent?.subscription_details?.subscription);
        const subscription = providerId ? await findSubscriptionByProviderId(trx, 'stripe', providerId) : undefined;
        const line = invoice.lines.data[0];
        if (!subscription || !line) break;
        const periodEnd = line.period.end * 1000;
        await updateSubscription(trx, subscription.id, { status: 'active', current_period_end: periodEnd, trial_ends_at: null });
        await insertPayment(trx, {
          organizationId: subscription.organization_id,
          subscriptionId: subscription.id,
          planId: subscription.plan_id,
          periodStart: line.period.start * 1000,
          periodEnd,
          currency: invoice.currency.toUpperCase(),
          totalAmount: invoice.total,
          amount: invoice.amount_paid,
          paymentMode: 'card',
          provider: 'stripe',
          providerRef: invoice.id ?? null,
        });
        break;
      }
      case 'invoice.payment_failed': {
        const providerId = idOf(event.data.object.parent?.subscription_details?.subscription);
        const subscription = providerId ? await findSubscriptionByProviderId(trx, 'stripe', providerId) : undefined;
        if (subscription) await updateSubscription(trx, subscription.id, { status: 'past_due' });
        break;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const remote = event.data.object;
        const subscription = await findSubscriptionByProviderId(trx, 'stripe', remote.id);
        if (!subscription) break;
        const status = event.type === 'customer.subscription.deleted' ? 'cancelled' : (STATUS[remote.status] ?? subscription.status);
        const end = remote.items.data[0]?.current_period_end;
        await updateSubscription(trx, subscription.id, {
          status,
          auto_renew: remote.cancel_at_period_end || event.type === 'customer.subscription.deleted' ? 0 : 1,
          trial_ends_at: remote.trial_end === null ? null : remote.trial_end * 1000,
          ...(end ? { current_period_end: end * 1000 } : {}),
        });
        break;
      }
      default:
        // Recorded (trial_will_end and others) but nothing to change.
        break;
    }
    return 'applied';
  });
}
