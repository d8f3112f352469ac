import { searchData, searchQuery } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, ok } from '../../lib/reply.ts';
import { viewerOf } from '../videos/playback-access.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/search', { schema: { querystring: searchQuery, response: { 200: envelope(searchData) } } }, async (request) =>
    ok(await search(ctx, await viewerOf(ctx, callerOf(request)), request.query)),
  );
};
