import { ALREADY_SUBSCRIBED, PAYMENT_NOT_FOUND, PAYMENT_SESSION_MISSING } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutUrls, countPayments, registerCompany, seedPlans, subscriptionOf } from '../../../test/billing-test-kit.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { DAY, now } from '../../lib/clock.ts';
import { BILLING_SUPER_USER_ONLY } from './billing.policy.ts';
import { OFFLINE_CHECKOUT_LIFETIME_MS } from './billing.queries.ts';
import { paymentConfirmedMessage } from './billing.service.ts';
import { runBillingClock } from './billing-clock.ts';
import { organizationHasAccess } from './subscription-access.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform();
  await seedPlans(platform);
});
afterAll(() => platform.close());

async function startCheckout(token: string, userId: number, planId = 1) {
  return platform.api('POST', '/api/create-checkout-session', {
    token,
    form: { subscription_id: String(planId), ...checkoutUrls(platform, userId, planId), email: 'typed@example.com', ip: '203.0.113.9' },
  });
}

const sessionRefOf = (checkoutUrl: string) => decodeURIComponent(checkoutUrl.split('/offline-checkout/')[1] ?? '');

async function payOffline(checkoutUrl: string, verb: 'confirm' | 'cancel' = 'confirm') {
  return fetch(`${checkoutUrl}/${verb}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
}

describe('subscription_plans', () => {
  it('lists every plan in major units, the internal one included (the web hides it)', async () => {
    const res = await platform.api('POST', '/api/subscription_plans');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toEqual({
      subscription_id: 1,
      title: 'Team',
      price_id: 'price_basic_monthly',
      currency: 'USD',
      amount: 149,
      plan: 1,
      popular_status: 1,
      no_of_account: 5,
      description: 'Plan',
    });
  });
});

describe('sign-up to paid, offline provider', () => {
  it('registration has no plan; the test checkout starts the trial and makes the payer super user, once', async () => {
    const owner = await registerCompany(platform);
    const before = await platform.api('POST', '/api/get-payment', { token: owner.token, form: { userId: String(owner.userId) } });
    expect(before.body.data).toEqual({ data: 0, subscription: null, manages_billing: 1 });
    expect(await organizationHasAccess(platform.ctx.db, { organizationId: owner.organizationId })).toBe(false);

    const checkout = await startCheckout(owner.token, owner.userId);
    expect(checkout.status).toBe(201);
    const url: string = checkout.body.data.url;
    expect(url.startsWith(`${platform.url}/offline-checkout/`)).toBe(true);
    const sessionId = sessionRefOf(url);

    // Not paid yet: confirming changes nothing.
    const early = await platform.api('POST', '/api/v4/subscriptions_payment', {
      token: owner.token,
      form: { session_id: sessionId, payment_mode: 'subscription' },
    });
    expect(early.status).toBe(409);
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE — no card is charged');
    expect(html).toContain('USD 149.00');

    const paid = await payOffline(url);
    expect(paid.status).toBe(303);
    const location = paid.headers.get('location') ?? '';
    expect(location).toBe(checkoutUrls(platform, owner.userId).successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)));

    // Another organization cannot use this session.
    const rival = await registerCompany(platform, 'Rival Forge');
    const foreign = await platform.api('POST', '/api/v4/subscriptions_payment', { token: rival.token, form: { session_id: sessionId } });
    expect(foreign.status).toBe(404);
    expect(await subscriptionOf(platform, rival.organizationId)).toBeUndefined();

    const confirmed = await platform.api('POST', '/api/v4/subscriptions_payment', {
      token: owner.token,
      json: { userId: String(owner.userId), subscription_id: '1', payment_mode: 'subscription', session_id: sessionId },
    });
    expect(confirmed.status).toBe(200);
    // The specification's sentence for an English caller, its date as ISO.
    expect(confirmed.body.message).toMatch(/^Payment confirmed\. Your 30-day free trial has started and runs until \d{4}-\d{2}-\d{2}\.$/);
    expect(confirmed.body.data).toMatchObject({ is_super_user: 1, subscription: { status: 'trialing', title: 'Team', auto_renew: 1 } });
    const subscription = await subscriptionOf(platform, owner.organizationId);
    expect(subscription?.current_period_end).toBeGreaterThan(now() + 29 * DAY);

    // A replay answers the state and changes nothing.
    const replay = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionId } });
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('This payment is already confirmed.');
    expect(await countPayments(platform, owner.organizationId)).toBe(1);
    expect((await subscriptionOf(platform, owner.organizationId))?.current_period_end).toBe(subscription?.current_period_end);

    const state = await platform.api('GET', '/api/get-payment', { token: owner.token });
    expect(state.body.data.data).toBe(1);
    expect((await platform.api('POST', '/api/profile', { token: owner.token })).body.data).toMatchObject({ is_super_user: 1, subscription_title: 'Team' });

    const again = await startCheckout(owner.token, owner.userId, 2);
    expect(again.status).toBe(409);
    expect(again.body.error_messages).toBe(ALREADY_SUBSCRIBED);

    const records = await platform.api('POST', '/api/subscribedPlans', { token: owner.token });
    expect(records.body.data).toHaveLength(1);
    expect(records.body.data[0]).toMatchObject({
      title: 'Team',
      no_of_account: 5,
      plan: 1,
      currency: 'USD',
      total_amount: 149,
      wallet_amount: 0,
      coupon_code: null,
      coupon_amount: 0,
      amount: 0,
      payment_mode: 'free trial',
      status: 'trialing',
    });
    // Billing of another organization is not readable: the rival sees only its own (none).
    expect((await platform.api('POST', '/api/subscribedPlans', { token: rival.token })).body.data).toEqual([]);
  });

  it('tells a Spanish member the whole confirmation in Spanish, its date as Spanish says it; English keeps the spec sentence', async () => {
    const owner = await registerCompany(platform, 'Fundición Sur');
    expect((await platform.api('POST', '/api/set_locale', { token: owner.token, json: { locale: 'es' } })).status).toBe(200);
    const url: string = (await startCheckout(owner.token, owner.userId)).body.data.url;
    await payOffline(url);
    const confirmed = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(url) } });
    expect(confirmed.status).toBe(200);
    const until = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(
      (await subscriptionOf(platform, owner.organizationId))!.current_period_end,
    );
    expect(confirmed.body.message).toBe(`Pago confirmado. Su prueba gratuita de 30 días comenzó y dura hasta el ${until}.`);
    const replay = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(url) } });
    expect(replay.body.message).toBe('Este pago ya está confirmado.');

    const end = Date.UTC(2027, 0, 5);
    expect(paymentConfirmedMessage({ trial: false, plan: 'Plant 100', until: end }, 'en')).toBe(
      'Payment confirmed. Your Plant 100 plan is active until 2027-01-05.',
    );
    expect(paymentConfirmedMessage({ trial: true, plan: 'Plant 100', until: end }, 'en')).toBe(
      'Payment confirmed. Your 30-day free trial has started and runs until 2027-01-05.',
    );
    expect(paymentConfirmedMessage({ trial: false, plan: 'Plant 100', until: end }, 'es')).toBe(
      'Pago confirmado. Su plan Plant 100 está activo hasta el 5 de enero de 2027.',
    );
  });

  it('a cancelled test checkout returns to the cancel URL and can never be confirmed', async () => {
    const owner = await registerCompany(platform);
    const url: string = (await startCheckout(owner.token, owner.userId)).body.data.url;
    const cancelled = await payOffline(url, 'cancel');
    expect(cancelled.headers.get('location')).toBe(`${platform.url}/plans`);
    const confirmAfter = await payOffline(url, 'confirm');
    expect(confirmAfter.headers.get('location')).toBe(`${platform.url}/plans`);
    const res = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(url) } });
    expect(res.status).toBe(409);
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();
  });

  it('of two checkouts opened side by side, only the first confirmed applies', async () => {
    const owner = await registerCompany(platform);
    const first: string = (await startCheckout(owner.token, owner.userId)).body.data.url;
    const second: string = (await startCheckout(owner.token, owner.userId, 2)).body.data.url;
    await payOffline(first);
    await payOffline(second);
    expect((await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(first) } })).status).toBe(200);
    const late = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(second) } });
    expect(late.status).toBe(409);
    expect(late.body.error_messages).toBe(ALREADY_SUBSCRIBED);
    expect(await countPayments(platform, owner.organizationId)).toBe(1);
    expect((await subscriptionOf(platform, owner.organizationId))?.plan_id).toBe(1);
  });

  it('refuses return URLs outside the platform, unknown plans and forged sessions', async () => {
    const owner = await registerCompany(platform);
    const evil = await platform.api('POST', '/api/create-checkout-session', {
      token: owner.token,
      json: { subscription_id: 1, successUrl: 'https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}', cancelUrl: `${platform.url}/plans` },
    });
    expect(evil.status).toBe(400);
    expect(evil.body.error_messages).toContain('successUrl');
    const unknown = await startCheckout(owner.token, owner.userId, 99);
    expect(unknown.status).toBe(404);
    const forged = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: 'offline_guess' } });
    expect([forged.status, forged.body]).toEqual([404, { success: false, error_messages: PAYMENT_NOT_FOUND, error_code: 404, code: 'not_found' }]);
    // /success-payment opened without a session: told in words, nothing changed.
    for (const form of [{}, { session_id: '' }, { session_id: '   ', payment_mode: 'subscription' }] as Record<string, string>[]) {
      const missing = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form });
      expect([missing.status, missing.body]).toEqual([
        400,
        { success: false, error_messages: PAYMENT_SESSION_MISSING, error_code: 400, code: 'payment_session_missing' },
      ]);
    }
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();
    expect((await fetch(`${platform.url}/offline-checkout/offline_guess`)).status).toBe(404);
  });

  it('without PUBLIC_URL accepts every loopback name of its port, and a refusal names the address to pay at', async () => {
    // The harness's platform has no PUBLIC_URL and answers on 127.0.0.1: localhost and [::1] of that port are the same platform.
    const port = new URL(platform.url).port;
    // One owner for every attempt: a checkout opens a session and changes nothing until it is paid.
    const owner = await registerCompany(platform);
    for (const host of ['localhost', '[::1]', '127.0.0.1']) {
      const checkout = await platform.api('POST', '/api/create-checkout-session', {
        token: owner.token,
        json: {
          subscription_id: 1,
          successUrl: `http://${host}:${port}/success-payment?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `http://${host}:${port}/plans`,
        },
      });
      expect([host, checkout.status]).toEqual([host, 201]);
    }
    const otherPort = await platform.api('POST', '/api/create-checkout-session', {
      token: owner.token,
      json: { subscription_id: 1, successUrl: `http://localhost:${Number(port) + 1}/success-payment`, cancelUrl: `${platform.url}/plans` },
    });
    expect([otherPort.status, otherPort.body.error_messages]).toEqual([
      400,
      `successUrl: must be an address of this platform. Open the platform at ${platform.url} to pay.`,
    ]);

    // With PUBLIC_URL set, only its address is this platform's.
    const configured = await startPlatform({ PUBLIC_URL: 'https://learn.example.com' });
    try {
      await seedPlans(configured);
      const payer = await registerCompany(configured);
      const refused = await configured.api('POST', '/api/create-checkout-session', {
        token: payer.token,
        json: { subscription_id: 1, successUrl: `http://localhost:${new URL(configured.url).port}/success-payment`, cancelUrl: `${configured.url}/plans` },
      });
      expect([refused.status, refused.body.error_messages]).toEqual([
        400,
        `successUrl: must be an address of this platform. Open the platform at ${configured.ctx.config.publicUrl} to pay.`,
      ]);
      expect(await subscriptionOf(configured, payer.organizationId)).toBeUndefined();
    } finally {
      await configured.close();
    }
  });

  it('an open offline checkout expires after 24 hours: its page is gone and confirming it pays nothing', async () => {
    const owner = await registerCompany(platform);
    const url: string = (await startCheckout(owner.token, owner.userId)).body.data.url;
    const sessionRef = sessionRefOf(url);
    await platform.ctx.db
      .updateTable('checkout_sessions')
      .set({ created_at: now() - OFFLINE_CHECKOUT_LIFETIME_MS - 1000 })
      .where('session_ref', '=', sessionRef)
      .execute();
    const page = await fetch(url);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This checkout does not exist or has expired.');
    expect((await payOffline(url)).status).toBe(404);
    const row = await platform.ctx.db.selectFrom('checkout_sessions').select('status').where('session_ref', '=', sessionRef).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    const paid = await platform.api('POST', '/api/v4/subscriptions_payment', {
      token: owner.token,
      form: { session_id: sessionRef, payment_mode: 'subscription' },
    });
    expect(paid.status).toBe(409);
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();
  });

  it('only the super user manages the subscription of an organization that has one', async () => {
    const acme = await organizationWithMembers(platform, 'Acme');
    const memberCheckout = await platform.api('POST', '/api/create-checkout-session', {
      token: acme.member.token,
      json: { subscription_id: 1, ...checkoutUrls(platform, acme.member.id) },
    });
    expect(memberCheckout.status).toBe(403);
    const denied = await platform.api('POST', '/api/cancel/subscription', { token: acme.member.token, form: { cancel_reason: 'too expensive' } });
    expect(denied.status).toBe(403);
    expect((await subscriptionOf(platform, acme.organizationId))?.auto_renew).toBe(1);

    const paused = await platform.api('POST', '/api/cancel/subscription', { token: acme.superUser.token, form: { cancel_reason: 'Budget review' } });
    expect(paused.status).toBe(200);
    expect(paused.body.message).toMatch(/^Auto-renewal paused/);
    expect(await subscriptionOf(platform, acme.organizationId)).toMatchObject({ auto_renew: 0, cancel_reason: 'Budget review', status: 'trialing' });
    // Paused, not ended: access lasts until the period end.
    expect(await organizationHasAccess(platform.ctx.db, { organizationId: acme.organizationId })).toBe(true);
  });
});

describe('billing clock', () => {
  /** An organization that paid through the offline checkout (auto-renewal on), whose period has just ended. */
  async function lapsedOfflineSubscription() {
    const owner = await registerCompany(platform);
    const url: string = (await startCheckout(owner.token, owner.userId)).body.data.url;
    await payOffline(url);
    await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: { session_id: sessionRefOf(url) } });
    const sub = await subscriptionOf(platform, owner.organizationId);
    await platform.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: now() - 1000 })
      .where('id', '=', sub!.id)
      .execute();
    return owner;
  }

  it('expires a subscription past its period without renewal: access ends', async () => {
    const acme = await organizationWithMembers(platform, 'Lapsed');
    const sub = await subscriptionOf(platform, acme.organizationId);
    await platform.ctx.db
      .updateTable('subscriptions')
      .set({ auto_renew: 0, current_period_end: now() - 1000 })
      .where('id', '=', sub!.id)
      .execute();
    await runBillingClock(platform.ctx);
    expect((await subscriptionOf(platform, acme.organizationId))?.status).toBe('expired');
    expect(await organizationHasAccess(platform.ctx.db, { organizationId: acme.organizationId })).toBe(false);
    const state = await platform.api('POST', '/api/get-payment', { token: acme.member.token });
    expect(state.body.data).toMatchObject({ data: 0, subscription: { status: 'expired' } });
    // The super user still reaches billing, and may check out again (no second trial).
    const checkout = await platform.api('POST', '/api/create-checkout-session', {
      token: acme.superUser.token,
      json: { subscription_id: 1, ...checkoutUrls(platform, acme.superUser.id) },
    });
    expect(checkout.status).toBe(201);
    const html = await (await fetch(checkout.body.data.url)).text();
    expect(html).toContain('Due today');
  });

  it('renews an offline subscription with auto-renewal on at its period end', async () => {
    const owner = await lapsedOfflineSubscription();
    const result = await runBillingClock(platform.ctx);
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await subscriptionOf(platform, owner.organizationId);
    expect(renewed).toMatchObject({ status: 'active', trial_ends_at: null });
    expect(renewed!.current_period_end).toBeGreaterThan(now());
    expect(await countPayments(platform, owner.organizationId)).toBe(2);
    const records = await platform.api('POST', '/api/subscribedPlans', { token: owner.token });
    expect(records.body.data[0]).toMatchObject({ amount: 149, payment_mode: 'test mode', status: 'active' });
  });

  it('renews once when several app instances run the clock at the same moment', async () => {
    const owner = await lapsedOfflineSubscription();
    await Promise.all([runBillingClock(platform.ctx), runBillingClock(platform.ctx), runBillingClock(platform.ctx)]);
    expect(await countPayments(platform, owner.organizationId)).toBe(2);
    expect((await subscriptionOf(platform, owner.organizationId))!.current_period_end).toBeGreaterThan(now());
  });
});

describe('the operator trial', () => {
  it('shows in the billing history as a free-trial record with its end date', async () => {
    const forge = await organizationWithMembers(platform, 'Operator Forge');
    const records = await platform.api('POST', '/api/subscribedPlans', { token: forge.superUser.token });
    expect(records.status).toBe(200);
    const subscription = await subscriptionOf(platform, forge.organizationId);
    expect(records.body.data).toEqual([
      expect.objectContaining({
        title: 'Free trial',
        expiry_date: new Date(Number(subscription?.trial_ends_at)).toISOString(),
        next_billing_date: new Date(Number(subscription?.trial_ends_at)).toISOString(),
        total_amount: 0,
        amount: 0,
        payment_mode: 'free trial',
        status: 'trialing',
      }),
    ]);
    expect(Number(subscription?.trial_ends_at) - Number(subscription?.created_at)).toBe(30 * DAY);
  });

  it('shows a member the plan read-only: name, seats and status, never an amount or an invoice', async () => {
    const forge = await organizationWithMembers(platform, 'Member Billing Forge');
    for (const method of ['GET', 'POST'] as const) {
      const records = await platform.api(method, '/api/subscribedPlans', { token: forge.member.token });
      expect([records.status, records.body.error_messages]).toEqual([403, BILLING_SUPER_USER_ONLY]);
    }
    const state = await platform.api('POST', '/api/get-payment', { token: forge.member.token });
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual({
      data: 1,
      manages_billing: 0,
      subscription: {
        status: 'trialing',
        title: 'Free trial',
        no_of_account: 5,
        trial_ends_at: expect.any(String),
        current_period_end: expect.any(String),
        auto_renew: 1,
        cancel_reason: null,
      },
    });
    expect(JSON.stringify(state.body)).not.toMatch(/amount|payment_mode|currency/);
    // The member cannot act on the plan either; the super user reads the history and manages it.
    const pause = await platform.api('POST', '/api/cancel/subscription', { token: forge.member.token, form: { cancel_reason: 'no' } });
    expect(pause.status).toBe(403);
    const superUser = await platform.api('POST', '/api/get-payment', { token: forge.superUser.token });
    expect(superUser.body.data.manages_billing).toBe(1);
    expect((await platform.api('POST', '/api/subscribedPlans', { token: forge.superUser.token })).body.data).toHaveLength(1);
  });
});
