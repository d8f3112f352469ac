import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import type { ChangeListener } from '../../db/change-notices.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { createApiTokenCache } from './api-token-cache.ts';
import { apiClientOf, v1CreateMember, v1DeactivateMember, v1MemberProgress, v1MemberQualifications, v1Members, v1StationClearance } from './api-v1.service.ts';
import type { ApiClient } from './integrations.policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
}

const clientOf = (request: { apiClient: ApiClient | null }): ApiClient => {
  if (!request.apiClient) throw new Error('an /api/v1 route ran without its API token check');
  return request.apiClient;
};

/** The integration calls: an API token (never a session) in `Authorization: Bearer`, checked by this scope's hook. */
export const apiV1Routes: FastifyPluginAsyncZod<{ ctx: AppContext; changes: ChangeListener }> = async (app, { ctx, changes }) => {
  const tokens = createApiTokenCache(changes);
  app.decorateRequest('apiClient', null);
  app.addHook('onRoute', (route) => {
    // The session check leaves these routes alone: the hook below asks for an API token instead.
    route.config = Object.assign(route.config ?? {}, { auth: 'apiToken' as const });
  });
  app.addHook('preValidation', async (request) => {
    request.apiClient = await apiClientOf(ctx, tokens, request);
  });

  app.route({ ...contractRoute(routes.v1Members), handler: async (request) => ok(await v1Members(ctx, clientOf(request))) });
  app.route({
    ...contractRoute(routes.v1CreateMember),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await v1CreateMember(ctx, clientOf(request), request.body), 'The member was created and invited.')),
  });
  app.route({
    ...contractRoute(routes.v1DeactivateMember),
    handler: async (request) => {
      await v1DeactivateMember(ctx, clientOf(request), request.params.userId);
      return ok(null, 'The member was deactivated.');
    },
  });
  app.route({
    ...contractRoute(routes.v1MemberProgress),
    handler: async (request) => ok(await v1MemberProgress(ctx, clientOf(request), request.params.userId)),
  });
  app.route({
    ...contractRoute(routes.v1MemberQualifications),
    handler: async (request) => ok(await v1MemberQualifications(ctx, clientOf(request), request.params.userId)),
  });
  app.route({
    ...contractRoute(routes.v1StationClearance),
    handler: async (request) => ok(await v1StationClearance(ctx, clientOf(request), request.params.stationId, request.query.badge)),
  });
};
