import {
  ALREADY_SUBSCRIBED,
  type CheckoutRequest,
  type ConfirmPaymentData,
  type ConfirmPaymentRequest,
  DEFAULT_LOCALE,
  type Locale,
  PAYMENT_NOT_FOUND,
  PAYMENT_SESSION_MISSING,
  type PaymentState,
  type SubscriptionPlan,
  type SubscriptionRecord,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { DAY, now } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { fillMessage, messageDay } from '../../lib/i18n.ts';
import type { Caller } from '../auth/index.ts';
import { findUserById, updateUser } from '../users/index.ts';
import { assertCanCheckout, assertCanReadPayments, assertSuperUser, managesBilling, organizationOf } from './billing.policy.ts';
import {
  consumeCheckout,
  findLatestOrganizationCheckout,
  findOrganizationCheckout,
  findOrganizationSubscription,
  findPlan,
  insertCheckoutSession,
  insertPayment,
  listOrganizationPayments,
  listPlanRows,
  organizationHasSuperUser,
  type SubscriptionRow,
  saveOrganizationSubscription,
  updateSubscription,
} from './billing.queries.ts';
import { paymentProvider, TRIAL_PERIOD_DAYS } from './payment-provider.ts';
import { findAccessSubscription, TRIAL_PAYMENT_MODE } from './subscription.queries.ts';

/** Without a plan (operator-created trials) an organization has the spec's default: the super user plus 4. */
export const DEFAULT_SEATS = 5;

const major = (cents: number) => Math.round(cents) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

/** Calendar months after `from` (UTC). */
export function addMonths(from: number, months: number): number {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

export const paymentModeOf = (provider: string) => (provider === 'stripe' ? 'card' : 'test mode');

export async function listPlans(ctx: AppContext): Promise<SubscriptionPlan[]> {
  return (await listPlanRows(ctx.db)).map((p) => ({
    subscription_id: p.id,
    title: p.title,
    price_id: p.price_id,
    currency: p.currency,
    amount: major(p.amount),
    plan: p.months,
    popular_status: p.popular,
    no_of_account: p.no_of_account,
    description: p.description,
  }));
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins of this platform: PUBLIC_URL's. Without PUBLIC_URL the default says localhost, yet a browser on
 * http://127.0.0.1:3000 is on the same platform: every loopback name of the same port counts then.
 */
function isOwnOrigin(config: AppContext['config'], url: URL): boolean {
  const own = new URL(config.publicUrl);
  if (url.origin === own.origin) return true;
  if (config.publicUrlSet || !LOOPBACK_NAMES.has(own.hostname)) return false;
  return url.protocol === own.protocol && url.port === own.port && LOOPBACK_NAMES.has(url.hostname);
}

/** Return URLs must lead back to this platform (an open redirect otherwise); a refusal names the address to use. */
function assertOwnUrl(ctx: AppContext, value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`${field}: must be an absolute URL of this platform.`);
  }
  if (!isOwnOrigin(ctx.config, url)) throw badRequest(`${field}: must be an address of this platform. Open the platform at ${ctx.config.publicUrl} to pay.`);
  return value;
}

export async function startCheckout(ctx: AppContext, caller: Caller, input: CheckoutRequest): Promise<{ url: string }> {
  const organizationId = organizationOf(caller);
  assertCanCheckout(caller, await organizationHasSuperUser(ctx.db, organizationId));
  const successUrl = assertOwnUrl(ctx, input.successUrl, 'successUrl');
  const cancelUrl = assertOwnUrl(ctx, input.cancelUrl, 'cancelUrl');
  if (await findAccessSubscription(ctx.db, organizationId)) throw conflict(ALREADY_SUBSCRIBED);
  const plan = await findPlan(ctx.db, Number(input.subscription_id));
  if (!plan) throw notFound('This plan does not exist.');
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound('Your account was not found.');
  // The first subscription of an organization starts with the free trial.
  const trial = (await findOrganizationSubscription(ctx.db, organizationId)) === undefined;
  const provider = paymentProvider(ctx);
  // The receipt goes to the account's address, not to one the caller types in.
  const { sessionRef, url } = await provider.createCheckout({ plan, trial, email: user.email ?? undefined, organizationId, successUrl, cancelUrl });
  await insertCheckoutSession(ctx.db, {
    session_ref: sessionRef,
    organization_id: organizationId,
    user_id: caller.userId,
    plan_id: plan.id,
    provider: provider.name,
    is_trial: trial ? 1 : 0,
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
  return { url };
}

function toCurrent(s: SubscriptionRow): ConfirmPaymentData['subscription'] {
  return {
    status: s.status,
    title: s.plan_title ?? 'Free trial',
    no_of_account: s.plan_no_of_account ?? DEFAULT_SEATS,
    trial_ends_at: s.trial_ends_at === null ? null : iso(s.trial_ends_at),
    current_period_end: iso(s.current_period_end),
    auto_renew: s.auto_renew,
    cancel_reason: s.cancel_reason,
  };
}

/**
 * The success page posts the provider's session id back. Nothing changes until the provider
 * confirms the payment; a session of another organization is not found; a replay changes nothing.
 */
export async function confirmPayment(
  ctx: AppContext,
  caller: Caller,
  input: ConfirmPaymentRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ data: ConfirmPaymentData; message: string }> {
  const organizationId = organizationOf(caller);
  const checkout = input.session_id
    ? await findOrganizationCheckout(ctx.db, organizationId, input.session_id)
    : await findLatestOrganizationCheckout(ctx.db, organizationId);
  // No session and no checkout of the organization's: the page was opened without a payment.
  if (!checkout) throw input.session_id ? notFound(PAYMENT_NOT_FOUND) : badRequest(PAYMENT_SESSION_MISSING, 'payment_session_missing');
  const replay = async () => {
    const subscription = await findOrganizationSubscription(ctx.db, organizationId);
    if (!subscription) throw notFound('This payment was not found.');
    const user = await findUserById(ctx.db, caller.userId);
    return { data: { is_super_user: user?.is_super_user ?? 0, subscription: toCurrent(subscription) }, message: 'This payment is already confirmed.' };
  };
  if (checkout.consumed_at !== null) return replay();
  if (checkout.status === 'cancelled') throw conflict('This checkout was cancelled. Choose a plan to start a new one.');
  // Two checkouts opened side by side: once one is applied, the other changes nothing.
  if (await findAccessSubscription(ctx.db, organizationId)) throw conflict(ALREADY_SUBSCRIBED);
  const provider = paymentProvider(ctx);
  const outcome = await provider.checkoutOutcome(checkout);
  if (!outcome.paid) throw conflict('The payment has not been completed yet.');
  const plan = await findPlan(ctx.db, checkout.plan_id);
  if (!plan) throw notFound('This plan does not exist any more.');

  const trial = checkout.is_trial === 1;
  const t = now();
  const periodEnd = outcome.periodEnd ?? (trial ? t + TRIAL_PERIOD_DAYS * DAY : addMonths(t, plan.months));
  const applied = await ctx.db.transaction().execute(async (trx) => {
    // The consume is the lock: of two concurrent confirmations only one applies.
    if (!(await consumeCheckout(trx, checkout.id))) return false;
    const subscriptionId = await saveOrganizationSubscription(trx, organizationId, {
      plan_id: plan.id,
      status: trial ? 'trialing' : 'active',
      trial_ends_at: trial ? periodEnd : null,
      current_period_end: periodEnd,
      auto_renew: 1,
      cancel_reason: null,
      provider: provider.name,
      provider_subscription_id: outcome.providerSubscriptionId,
    });
    await insertPayment(trx, {
      organizationId,
      subscriptionId,
      planId: plan.id,
      periodStart: t,
      periodEnd,
      currency: plan.currency,
      totalAmount: plan.amount,
      amount: trial ? 0 : plan.amount,
      paymentMode: trial ? TRIAL_PAYMENT_MODE : paymentModeOf(provider.name),
      provider: provider.name,
      providerRef: checkout.session_ref,
    });
    // The payer manages the organization from now on.
    await updateUser(trx, checkout.user_id, { is_super_user: 1 });
    return true;
  });
  if (!applied) return replay();
  const subscription = await findOrganizationSubscription(ctx.db, organizationId);
  const user = await findUserById(ctx.db, caller.userId);
  return {
    data: { is_super_user: user?.is_super_user ?? 0, subscription: toCurrent(subscription as SubscriptionRow) },
    message: paymentConfirmedMessage({ trial, plan: plan.title, until: periodEnd }, locale),
  };
}

/**
 * The confirmation sentence in the caller's language: English as the specification words it (the date as ISO),
 * another language from the server's `messages` catalog with the date as that language says it.
 */
export function paymentConfirmedMessage(p: { trial: boolean; plan: string; until: number }, locale: Locale): string {
  const until = messageDay(p.until, locale);
  return p.trial
    ? fillMessage('Payment confirmed. Your {{days}}-day free trial has started and runs until {{until}}.', { days: TRIAL_PERIOD_DAYS, until }, locale)
    : fillMessage('Payment confirmed. Your {{plan}} plan is active until {{until}}.', { plan: p.plan, until }, locale);
}

/** Every member's view of the plan: whether it gives access, its name, seats and status, never an amount. */
export async function getPaymentState(ctx: AppContext, caller: Caller): Promise<PaymentState> {
  const organizationId = organizationOf(caller);
  const [access, subscription, hasSuperUser] = await Promise.all([
    findAccessSubscription(ctx.db, organizationId),
    findOrganizationSubscription(ctx.db, organizationId),
    organizationHasSuperUser(ctx.db, organizationId),
  ]);
  return {
    data: access ? 1 : 0,
    subscription: subscription ? toCurrent(subscription) : null,
    manages_billing: managesBilling(caller, hasSuperUser) ? 1 : 0,
  };
}

/** The payments and invoices: for whoever manages billing; a member reads the plan through getPaymentState. */
export async function listSubscriptionRecords(ctx: AppContext, caller: Caller): Promise<SubscriptionRecord[]> {
  const organizationId = organizationOf(caller);
  assertCanReadPayments(caller, await organizationHasSuperUser(ctx.db, organizationId));
  const rows = await listOrganizationPayments(ctx.db, organizationId);
  return rows.map((r) => ({
    user_subscription_id: r.id,
    title: r.title ?? 'Free trial',
    created_at: iso(r.created_at),
    expiry_date: iso(r.period_end),
    no_of_account: r.no_of_account ?? DEFAULT_SEATS,
    plan: r.months ?? 1,
    currency: r.currency,
    total_amount: major(r.total_amount),
    wallet_amount: major(r.wallet_amount),
    coupon_code: r.coupon_code,
    coupon_amount: major(r.coupon_amount),
    amount: major(r.amount),
    payment_mode: r.payment_mode,
    status: r.status,
    auto_renew: r.auto_renew,
    cancel_reason: r.cancel_reason,
    next_billing_date: iso(r.current_period_end),
  }));
}

/** "Pause autorenewal": the plan runs to the end of its period, then expires. */
export async function pauseAutoRenewal(ctx: AppContext, caller: Caller, reason: string): Promise<string> {
  const organizationId = organizationOf(caller);
  assertSuperUser(caller);
  const subscription = await findOrganizationSubscription(ctx.db, organizationId);
  if (!subscription || !['trialing', 'active', 'past_due'].includes(subscription.status)) throw notFound('Your organization has no running subscription.');
  if (subscription.provider === paymentProvider(ctx).name) await paymentProvider(ctx).pauseRenewal(subscription.provider_subscription_id);
  await updateSubscription(ctx.db, subscription.id, { auto_renew: 0, cancel_reason: reason.trim() || null });
  return `Auto-renewal paused. Your plan stays active until ${iso(subscription.current_period_end).slice(0, 10)}.`;
}
