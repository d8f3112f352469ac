import { routes, SHARING_MESSAGES } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { openSharedVideo, shareVideo } from './sharing.service.ts';

export const sharingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.shareVideo),
    handler: async (request) => ok(await shareVideo(ctx, callerOf(request), request.body), SHARING_MESSAGES.shared),
  });

  // Public: the link is the credential. Never cached (it expires, and the answer holds signed URLs).
  app.route({
    ...contractRoute(routes.sharedVideo),
    config: { auth: 'public' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await openSharedVideo(ctx, request.query.video, request.query.token_video, request.locale));
    },
  });

  app.route({ ...contractRoute(routes.getTextSharingVideo), config: { auth: 'public' }, handler: async () => ok({ text: SHARING_MESSAGES.sharingText }) });
};
