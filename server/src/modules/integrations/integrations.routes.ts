import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import {
  apiTokens,
  createApiToken,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  revokeApiToken,
  testWebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from './integrations.service.ts';
import { deleteXapiSettings, saveXapiSettings, testXapiStatement, xapiDeliveries, xapiSettings } from './xapi.service.ts';

/** The super user's Integrations page: API tokens, webhook endpoints, the delivery log, the xAPI LRS and its statement log. */
export const integrationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.apiTokens), handler: async (request) => ok(await apiTokens(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.createApiToken),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await createApiToken(ctx, callerOf(request), request.body), 'Copy the token now: it will not be shown again.')),
  });
  app.route({
    ...contractRoute(routes.revokeApiToken),
    handler: async (request) => ok(await revokeApiToken(ctx, callerOf(request), request.params.tokenId), 'The token was revoked.'),
  });
  app.route({ ...contractRoute(routes.webhookEndpoints), handler: async (request) => ok(await webhookEndpoints(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.createWebhookEndpoint),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await createWebhookEndpoint(ctx, callerOf(request), request.body), 'Copy the signing secret now: it will not be shown again.')),
  });
  app.route({
    ...contractRoute(routes.deleteWebhookEndpoint),
    handler: async (request) => {
      await deleteWebhookEndpoint(ctx, callerOf(request), request.params.endpointId);
      return ok(null, 'The endpoint was removed.');
    },
  });
  app.route({
    ...contractRoute(routes.testWebhookEndpoint),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await testWebhookEndpoint(ctx, callerOf(request), request.params.endpointId), 'Test event sent.')),
  });
  app.route({ ...contractRoute(routes.webhookDeliveries), handler: async (request) => ok(await webhookDeliveries(ctx, callerOf(request))) });
  app.route({ ...contractRoute(routes.xapiSettings), handler: async (request) => ok(await xapiSettings(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.saveXapiSettings),
    handler: async (request) => ok(await saveXapiSettings(ctx, callerOf(request), request.body), 'The Learning Record Store was saved.'),
  });
  app.route({
    ...contractRoute(routes.deleteXapiSettings),
    handler: async (request) => {
      await deleteXapiSettings(ctx, callerOf(request));
      return ok(null, 'The Learning Record Store was removed.');
    },
  });
  app.route({
    ...contractRoute(routes.testXapiStatement),
    handler: async (request, reply) => reply.status(201).send(ok(await testXapiStatement(ctx, callerOf(request)), 'Test statement sent.')),
  });
  app.route({ ...contractRoute(routes.xapiDeliveries), handler: async (request) => ok(await xapiDeliveries(ctx, callerOf(request))) });
};
