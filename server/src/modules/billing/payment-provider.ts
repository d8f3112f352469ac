import Stripe from 'stripe';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config/env.ts';
import { newToken } from '../../lib/crypto.ts';
import type { CheckoutRow, PlanRow } from './billing.queries.ts';

export const TRIAL_PERIOD_DAYS = 30;

export type CheckoutStart = { plan: PlanRow; trial: boolean; email: string | undefined; organizationId: number; successUrl: string; cancelUrl: string };

/** What the provider says about a checkout; `periodEnd` (ms) when it knows the paid or trial period. */
export type CheckoutOutcome = { paid: boolean; providerSubscriptionId: string | null; periodEnd: number | null };

/** The payment providers behind one interface (design.md, payments). */
export interface PaymentProvider {
  readonly name: 'offline' | 'stripe';
  createCheckout(input: CheckoutStart): Promise<{ sessionRef: string; url: string }>;
  checkoutOutcome(checkout: CheckoutRow): Promise<CheckoutOutcome>;
  /** Stops renewal at the end of the current period. */
  pauseRenewal(providerSubscriptionId: string | null): Promise<void>;
}

/** Local test provider: its "payment records" are our own checkout rows, settled on the test-mode checkout page. */
function offlineProvider(config: Config): PaymentProvider {
  return {
    name: 'offline',
    async createCheckout() {
      const sessionRef = `offline_${newToken()}`;
      // PUBLIC_URL read at call time: tests set it once the port is known.
      return { sessionRef, url: `${config.publicUrl}/offline-checkout/${sessionRef}` };
    },
    async checkoutOutcome(checkout) {
      return { paid: checkout.status === 'paid', providerSubscriptionId: null, periodEnd: null };
    },
    async pauseRenewal() {},
  };
}

export function stripeClient(config: Config): Stripe {
  const base = config.payment.stripeApiBase ? new URL(config.payment.stripeApiBase) : null;
  return new Stripe(config.payment.stripeSecretKey ?? '', {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function stripeProvider(config: Config): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    name: 'stripe',
    async createCheckout({ plan, trial, email, organizationId, successUrl, cancelUrl }) {
      const metadata = { organization_id: String(organizationId) };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: plan.price_id, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        customer_email: email,
        client_reference_id: String(organizationId),
        metadata,
        subscription_data: { metadata, ...(trial ? { trial_period_days: TRIAL_PERIOD_DAYS } : {}) },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { sessionRef: session.id, url: session.url };
    },
    async checkoutOutcome(checkout) {
      const session = await stripe.checkout.sessions.retrieve(checkout.session_ref);
      // A trial checkout completes with nothing charged: 'no_payment_required'.
      const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      const providerSubscriptionId = idOf(session.subscription);
      if (!paid || !providerSubscriptionId) return { paid, providerSubscriptionId, periodEnd: null };
      const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
      const end = subscription.trial_end ?? subscription.items.data[0]?.current_period_end ?? null;
      return { paid, providerSubscriptionId, periodEnd: end === null ? null : end * 1000 };
    },
    async pauseRenewal(providerSubscriptionId) {
      if (providerSubscriptionId) await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}

const providers = new WeakMap<Config, PaymentProvider>();

/** The configured provider, built once per platform. */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx.config);
  if (!provider) {
    provider = ctx.config.payment.provider === 'stripe' ? stripeProvider(ctx.config) : offlineProvider(ctx.config);
    providers.set(ctx.config, provider);
  }
  return provider;
}
