import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { confirmPayment, getPaymentState, listPlans, listSubscriptionRecords, pauseAutoRenewal, startCheckout } from './billing.service.ts';
import { acceptInvitation, registerMembers } from './team-members.service.ts';

/** Subscriptions, checkout and team seats (member spec, section 7). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Reads in POST clothing (the spec's methods): open to the guest; the plan list needs no session.
  for (const route of [routes.subscriptionPlans, routes.subscriptionPlansByPost]) {
    app.route({ ...contractRoute(route), config: { auth: 'optional', guestWrites: true }, handler: async () => ok(await listPlans(ctx)) });
  }
  for (const route of [routes.subscribedPlans, routes.subscribedPlansByPost]) {
    app.route({
      ...contractRoute(route),
      config: { guestWrites: true },
      handler: async (request) => ok(await listSubscriptionRecords(ctx, callerOf(request))),
    });
  }
  for (const route of [routes.getPayment, routes.getPaymentByPost]) {
    app.route({ ...contractRoute(route), config: { guestWrites: true }, handler: async (request) => ok(await getPaymentState(ctx, callerOf(request))) });
  }

  app.route({
    ...contractRoute(routes.createCheckoutSession),
    handler: async (request, reply) => {
      // The body's `ip` is accepted for compatibility and not used: no provider needs it (docs/decisions.md).
      return reply.status(201).send(ok(await startCheckout(ctx, callerOf(request), request.body)));
    },
  });

  app.route({
    ...contractRoute(routes.subscriptionsPayment),
    handler: async (request) => {
      const { data, message } = await confirmPayment(ctx, callerOf(request), request.body, request.locale);
      return ok(data, message);
    },
  });

  app.route({
    ...contractRoute(routes.cancelSubscription),
    handler: async (request) => ok(null, await pauseAutoRenewal(ctx, callerOf(request), request.body.cancel_reason)),
  });

  app.route({
    ...contractRoute(routes.registerMembers),
    handler: async (request, reply) => {
      const { data, message } = await registerMembers(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(data, message));
    },
  });

  app.route({
    ...contractRoute(routes.acceptInvitation),
    config: { auth: 'public' },
    handler: async (request) =>
      ok(await acceptInvitation(ctx, request.body, request.ip, request.headers['user-agent']), 'Your account is active. Welcome to Manufacturing Masters!'),
  });

  // The billing clock (renewals and expiries) is an hourly job of the queue: server/src/background-work.ts.
};
