import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { htmlPage, seeOther } from '../../lib/route-doc.ts';
import { findOfflineCheckout, settleOpenCheckout } from './billing.queries.ts';
import { offlineCheckoutPage } from './offline-checkout.page.ts';

const params = z.object({ sessionRef: z.string().min(1).max(255) });

/** The {CHECKOUT_SESSION_ID} placeholder of the success URL, filled as Stripe does. */
const fillSessionId = (url: string, sessionRef: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionRef));

/**
 * The offline provider's checkout page (GET /offline-checkout/:sessionRef). Its forms need no
 * session or CSRF token: the reference is a random 256-bit secret only the payer's browser holds.
 */
export const offlineCheckoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const pageDoc = {
    operationId: 'offlineCheckout',
    summary: "The offline provider's checkout page",
    tags: ['billing'] as [string],
    responses: { 200: htmlPage('The checkout page (404 with the same page saying the checkout is unknown).') },
  };
  app.get('/offline-checkout/:sessionRef', { schema: { params }, config: { openapi: pageDoc } }, async (request, reply) => {
    const { sessionRef } = request.params;
    const checkout = ctx.config.payment.provider === 'offline' ? await findOfflineCheckout(ctx.db, sessionRef) : undefined;
    const html = offlineCheckoutPage({
      sessionRef,
      title: checkout?.title ?? '',
      currency: checkout?.currency ?? '',
      amount: checkout?.amount ?? 0,
      months: checkout?.months ?? 1,
      trial: checkout?.is_trial === 1,
      status: checkout?.status ?? 'missing',
    });
    return reply
      .status(checkout ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });

  for (const verb of ['confirm', 'cancel'] as const) {
    const doc = {
      operationId: verb === 'confirm' ? 'offlineCheckoutConfirm' : 'offlineCheckoutCancel',
      summary: verb === 'confirm' ? 'Pay an offline checkout' : 'Cancel an offline checkout',
      tags: ['billing'] as [string],
      responses: { 303: seeOther("Back to the checkout's success or cancel URL, whichever matches its stored outcome.") },
    };
    app.post(`/offline-checkout/:sessionRef/${verb}`, { schema: { params }, config: { openapi: doc } }, async (request, reply) => {
      const { sessionRef } = request.params;
      const checkout = ctx.config.payment.provider === 'offline' ? await findOfflineCheckout(ctx.db, sessionRef) : undefined;
      if (!checkout)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(offlineCheckoutPage({ sessionRef, title: '', currency: '', amount: 0, months: 1, trial: false, status: 'missing' }));
      await settleOpenCheckout(ctx.db, sessionRef, verb === 'confirm' ? 'paid' : 'cancelled');
      const settled = await findOfflineCheckout(ctx.db, sessionRef);
      // Whatever the order of clicks, the browser returns to the URL matching the stored outcome.
      const target = settled?.status === 'paid' ? fillSessionId(checkout.success_url, sessionRef) : checkout.cancel_url;
      return reply.redirect(target, 303);
    });
  }
};
