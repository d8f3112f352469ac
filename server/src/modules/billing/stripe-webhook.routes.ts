import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { applyStripeEvent, verifyStripeEvent } from './stripe-events.ts';

/** POST /api/payments/stripe/webhook: the signature is computed over the exact bytes, so this scope keeps JSON raw. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    ...contractRoute(routes.stripeWebhook),
    config: { auth: 'public' },
    handler: async (request) => {
      if (ctx.config.payment.provider !== 'stripe') throw notFound('Stripe is not the payment provider of this platform.');
      if (!Buffer.isBuffer(request.body)) throw badRequest('Send the event as application/json.');
      const signature = request.headers['stripe-signature'];
      const event = verifyStripeEvent(ctx, request.body, typeof signature === 'string' ? signature : undefined);
      const outcome = await applyStripeEvent(ctx, event);
      request.log.info({ event: 'stripe_webhook', stripeEvent: event.id, type: event.type, outcome }, 'payment provider event received');
      return ok({ received: true as const, duplicate: outcome === 'duplicate' });
    },
  });
};
