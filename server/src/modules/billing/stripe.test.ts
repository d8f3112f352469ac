import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutUrls, countPayments, registerCompany, seedPlans, subscriptionOf } from '../../../test/billing-test-kit.ts';
import { startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { now } from '../../lib/clock.ts';
import { organizationHasAccess } from './subscription-access.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A local stand-in for the Stripe API paths the SDK calls; it keeps checkout sessions and subscriptions in memory. */
function fakeStripe() {
  const sessions = new Map<string, Record<string, any>>();
  const subscriptions = new Map<string, Record<string, any>>();
  const created: URLSearchParams[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0] ?? '';
      const params = new URLSearchParams(raw);
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        created.push(params);
        const id = `cs_test_${++n}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      const sub = subMatch ? subscriptions.get(subMatch[1]!) : undefined;
      if (subMatch && !sub) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'GET' && sub) return send(200, sub);
      if (req.method === 'POST' && sub) {
        if (params.has('cancel_at_period_end')) sub.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
        return send(200, sub);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unknown path ${req.method} ${path}` } });
    });
  });
  /** What Stripe does when the customer completes the hosted checkout (trial: nothing charged). */
  const complete = (sessionId: string, trial: boolean) => {
    const subId = `sub_${++n}`;
    const end = seconds(now()) + (trial ? 30 : 31) * 86400;
    subscriptions.set(subId, {
      id: subId,
      object: 'subscription',
      status: trial ? 'trialing' : 'active',
      trial_end: trial ? end : null,
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: `si_${n}`, current_period_end: end }] },
    });
    Object.assign(sessions.get(sessionId)!, { status: 'complete', payment_status: trial ? 'no_payment_required' : 'paid', subscription: subId });
    return subId;
  };
  return { server, sessions, subscriptions, created, complete };
}

const stripe = fakeStripe();
let platform: TestPlatform;
const signer = new Stripe('sk_test_signer');

async function postEvent(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return platform.api('POST', '/api/payments/stripe/webhook', { headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  const address = stripe.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  platform = await startPlatform({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  await seedPlans(platform);
});
afterAll(async () => {
  await platform.close();
  await new Promise((resolve) => stripe.server.close(resolve));
});

describe('sign-up to paid, Stripe provider', () => {
  let owner: Awaited<ReturnType<typeof registerCompany>>;
  let sessionId: string;
  let providerSubscriptionId: string;

  it('creates a subscription-mode Checkout Session with the 30-day trial for the first subscription', async () => {
    owner = await registerCompany(platform);
    const res = await platform.api('POST', '/api/create-checkout-session', {
      token: owner.token,
      json: { subscription_id: 1, ...checkoutUrls(platform, owner.userId) },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = stripe.created.at(-1)!;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe('price_basic_monthly');
    expect(sent.get('subscription_data[trial_period_days]')).toBe('30');
    expect(sent.get('success_url')).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(sent.get('customer_email')).toBe(owner.email);
    sessionId = [...stripe.sessions.keys()].at(-1)!;
  });

  it('changes nothing while Stripe says the checkout is unpaid, then applies it once', async () => {
    const unpaid = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionId } });
    expect(unpaid.status).toBe(409);
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();

    providerSubscriptionId = stripe.complete(sessionId, true);
    const rival = await registerCompany(platform, 'Rival');
    expect((await platform.api('POST', '/api/v4/subscriptions_payment', { token: rival.token, form: { session_id: sessionId } })).status).toBe(404);

    const confirmed = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ is_super_user: 1, subscription: { status: 'trialing' } });
    const sub = await subscriptionOf(platform, owner.organizationId);
    expect(sub).toMatchObject({ provider: 'stripe', provider_subscription_id: providerSubscriptionId, status: 'trialing' });
    expect(sub!.current_period_end).toBe(stripe.subscriptions.get(providerSubscriptionId)!.trial_end * 1000);
    await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionId } });
    expect(await countPayments(platform, owner.organizationId)).toBe(1);
  });

  it('refuses webhooks with a wrong or missing signature', async () => {
    const event = { id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: providerSubscriptionId } } };
    expect((await postEvent(event, 'whsec_wrong')).status).toBe(400);
    const unsigned = await platform.api('POST', '/api/payments/stripe/webhook', { json: event });
    expect(unsigned.status).toBe(400);
    expect((await subscriptionOf(platform, owner.organizationId))?.status).toBe('trialing');
  });

  it('applies a renewal once, however often Stripe sends it', async () => {
    const start = seconds(now());
    const end = start + 31 * 86400;
    const invoice = {
      id: 'evt_renewal_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          currency: 'usd',
          total: 14900,
          amount_paid: 14900,
          parent: { type: 'subscription_details', subscription_details: { subscription: providerSubscriptionId } },
          lines: { object: 'list', data: [{ period: { start, end } }] },
        },
      },
    };
    expect((await postEvent(invoice)).body.data).toEqual({ received: true, duplicate: false });
    expect((await postEvent(invoice)).body.data).toEqual({ received: true, duplicate: true });
    expect(await countPayments(platform, owner.organizationId)).toBe(2);
    expect(await subscriptionOf(platform, owner.organizationId)).toMatchObject({ status: 'active', current_period_end: end * 1000 });
    const records = await platform.api('POST', '/api/subscribedPlans', { token: owner.token });
    expect(records.body.data[0]).toMatchObject({ amount: 149, payment_mode: 'card' });
  });

  it('pauses renewal at Stripe, then follows failed payments and cancellation', async () => {
    const paused = await platform.api('POST', '/api/cancel/subscription', { token: owner.token, json: { cancel_reason: 'Seasonal shutdown' } });
    expect(paused.status).toBe(200);
    expect(stripe.subscriptions.get(providerSubscriptionId)!.cancel_at_period_end).toBe(true);

    const failed = {
      id: 'evt_failed_1',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_2', object: 'invoice', parent: { subscription_details: { subscription: providerSubscriptionId } } } },
    };
    await postEvent(failed);
    expect((await subscriptionOf(platform, owner.organizationId))?.status).toBe('past_due');
    expect(await organizationHasAccess(platform.ctx.db, { organizationId: owner.organizationId })).toBe(false);

    const deleted = {
      id: 'evt_deleted_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...stripe.subscriptions.get(providerSubscriptionId), status: 'canceled' } },
    };
    await postEvent(deleted);
    expect(await subscriptionOf(platform, owner.organizationId)).toMatchObject({ status: 'cancelled', auto_renew: 0, cancel_reason: 'Seasonal shutdown' });
    const state = await platform.api('POST', '/api/get-payment', { token: owner.token });
    expect(state.body.data.data).toBe(0);
  });
});
