import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { sendSalesInquiry } from './sales.service.ts';

/** The enterprise "talk to us" form of /plans: visitors and members alike may write to sales. */
export const salesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.salesInquiry),
    config: { auth: 'optional', guestWrites: true },
    handler: async (request, reply) => reply.status(201).send(ok(null, await sendSalesInquiry(ctx, request.caller, request.body, request.ip))),
  });
};
