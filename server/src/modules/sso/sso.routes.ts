import { routes, SSO_MESSAGES } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { finishSignIn, getConnection, saveConnection, startSignIn } from './sso.service.ts';

const open = { auth: 'public' } as const;

export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.ssoConnection), handler: async (request) => ok(await getConnection(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.saveSsoConnection),
    handler: async (request) => ok(await saveConnection(ctx, callerOf(request), request.body), SSO_MESSAGES.saved),
  });
  app.route({ ...contractRoute(routes.ssoStart), config: open, handler: async (request) => ok(await startSignIn(ctx, request.body)) });
  app.route({
    ...contractRoute(routes.ssoFinish),
    config: open,
    handler: async (request) => ok(await finishSignIn(ctx, request.body, request.headers['user-agent']), 'Log-in successful!'),
  });
};
