import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { setupSheets } from './enrolment.service.ts';

/** Enrolling people: the printed sign-in sheets of members without e-mail. */
export const enrolmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.setupSheetsPdf),
    handler: async (request, reply) => sendPdf(reply, await setupSheets(ctx, callerOf(request), request.body.user_ids), 'sign-in-sheets.pdf'),
  });
};
