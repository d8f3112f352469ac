import { routes, SSO_MESSAGES } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { consumeAssertion, samlMetadata } from './saml.service.ts';
import { deleteConnection, finishSignIn, getConnection, saveConnection, saveSamlConnection, startSignIn } from './sso.service.ts';

const open = { auth: 'public' } as const;

export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.ssoConnection), handler: async (request) => ok(await getConnection(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.saveSsoConnection),
    handler: async (request) => ok(await saveConnection(ctx, callerOf(request), request.body), SSO_MESSAGES.saved),
  });
  app.route({
    ...contractRoute(routes.saveSamlConnection),
    handler: async (request) => ok(await saveSamlConnection(ctx, callerOf(request), request.body), SSO_MESSAGES.saved),
  });
  app.route({
    ...contractRoute(routes.deleteSsoConnection),
    handler: async (request) => ok(await deleteConnection(ctx, callerOf(request)), SSO_MESSAGES.deleted),
  });
  // Public: identity providers read it (and the settings page links it for download).
  app.route({
    ...contractRoute(routes.samlMetadata),
    config: open,
    handler: async (request, reply) =>
      reply
        .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="sp-metadata-${request.params.organization}.xml"`)
        .send(samlMetadata(ctx, request.params.organization)),
  });
  // Public: the identity provider's form post (HTTP-POST binding), from the person's browser.
  app.route({
    ...contractRoute(routes.samlAcs),
    config: open,
    handler: async (request, reply) => reply.redirect(await consumeAssertion(ctx, request.params.organization, request.body.SAMLResponse), 303),
  });
  app.route({ ...contractRoute(routes.ssoStart), config: open, handler: async (request) => ok(await startSignIn(ctx, request.body)) });
  app.route({
    ...contractRoute(routes.ssoFinish),
    config: open,
    handler: async (request) => ok(await finishSignIn(ctx, request.body, request.headers['user-agent']), 'Log-in successful!'),
  });
};
