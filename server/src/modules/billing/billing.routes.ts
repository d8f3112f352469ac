import {
  acceptInvitationRequest,
  cancelSubscriptionRequest,
  checkoutData,
  checkoutRequest,
  confirmPaymentData,
  confirmPaymentRequest,
  paymentState,
  registerMembersData,
  registerMembersRequest,
  sessionData,
  subscriptionPlan,
  subscriptionRecord,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { HOUR } from '../../lib/clock.ts';
import { envelope, ok } from '../../lib/reply.ts';
import { confirmPayment, getPaymentState, listPlans, listSubscriptionRecords, pauseAutoRenewal, startCheckout } from './billing.service.ts';
import { runBillingClock } from './billing-clock.ts';
import { acceptInvitation, registerMembers } from './team-members.service.ts';

/** Subscriptions, checkout and team seats (member spec, section 7). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Reads in POST clothing (the spec's methods): open to the guest; the plan list needs no session.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/subscription_plans',
      config: { auth: 'optional', guestWrites: true },
      schema: { response: { 200: envelope(z.array(subscriptionPlan)) } },
      handler: async () => ok(await listPlans(ctx)),
    });
    app.route({
      method,
      url: '/subscribedPlans',
      config: { guestWrites: true },
      schema: { response: { 200: envelope(z.array(subscriptionRecord)) } },
      handler: async (request) => ok(await listSubscriptionRecords(ctx, callerOf(request))),
    });
    app.route({
      method,
      url: '/get-payment',
      config: { guestWrites: true },
      schema: { response: { 200: envelope(paymentState) } },
      handler: async (request) => ok(await getPaymentState(ctx, callerOf(request))),
    });
  }

  app.post('/create-checkout-session', { schema: { body: checkoutRequest, response: { 201: envelope(checkoutData) } } }, async (request, reply) => {
    // The body's `ip` is accepted for compatibility and not used: no provider needs it (docs/decisions.md).
    return reply.status(201).send(ok(await startCheckout(ctx, callerOf(request), request.body)));
  });

  app.post('/v4/subscriptions_payment', { schema: { body: confirmPaymentRequest, response: { 200: envelope(confirmPaymentData) } } }, async (request) => {
    const { data, message } = await confirmPayment(ctx, callerOf(request), request.body);
    return ok(data, message);
  });

  app.post('/cancel/subscription', { schema: { body: cancelSubscriptionRequest, response: { 200: envelope(z.null()) } } }, async (request) =>
    ok(null, await pauseAutoRenewal(ctx, callerOf(request), request.body.cancel_reason)),
  );

  app.post('/v4/register_members', { schema: { body: registerMembersRequest, response: { 201: envelope(registerMembersData) } } }, async (request, reply) => {
    const { data, message } = await registerMembers(ctx, callerOf(request), request.body);
    return reply.status(201).send(ok(data, message));
  });

  app.post(
    '/accept-invitation',
    { config: { auth: 'public' }, schema: { body: acceptInvitationRequest, response: { 200: envelope(sessionData) } } },
    async (request) =>
      ok(await acceptInvitation(ctx, request.body, request.ip, request.headers['user-agent']), 'Your account is active. Welcome to Manufacturing Masters!'),
  );

  // Renewals and expiries of the offline provider, and lapsed subscriptions of any provider.
  const tick = () => runBillingClock(ctx).catch((err) => app.log.error({ err }, 'billing clock failed'));
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onReady', async () => {
    await tick();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
