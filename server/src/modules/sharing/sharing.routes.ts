import { SHARING_MESSAGES, shareData, sharedVideoData, sharedVideoQuery, shareRequest, sharingTextData } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, ok } from '../../lib/reply.ts';
import { openSharedVideo, shareVideo } from './sharing.service.ts';

export const sharingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/videos/share', { schema: { body: shareRequest, response: { 200: envelope(shareData) } } }, async (request) =>
    ok(await shareVideo(ctx, callerOf(request), request.body), SHARING_MESSAGES.shared),
  );

  // Public: the link is the credential. Never cached (it expires, and the answer holds signed URLs).
  app.get(
    '/videos/share',
    { config: { auth: 'public' }, schema: { querystring: sharedVideoQuery, response: { 200: envelope(sharedVideoData) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await openSharedVideo(ctx, request.query.video, request.query.token_video));
    },
  );

  app.get('/get_text_sharing_video', { config: { auth: 'public' }, schema: { response: { 200: envelope(sharingTextData) } } }, async () =>
    ok({ text: SHARING_MESSAGES.sharingText }),
  );
};
