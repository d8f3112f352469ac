import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { createScimToken, revokeScimToken, scimSettings } from './scim-settings.service.ts';

/** The super user's SCIM set-up: base URL, the token (shown once), the last provisioning calls. */
export const scimSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.scimSettings), handler: async (request) => ok(await scimSettings(ctx, callerOf(request))) });
  app.route({
    ...contractRoute(routes.createScimToken),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createScimToken(ctx, callerOf(request)), 'Copy the token now: it is shown only once. Any earlier token no longer works.')),
  });
  app.route({
    ...contractRoute(routes.revokeScimToken),
    handler: async (request) => {
      await revokeScimToken(ctx, callerOf(request));
      return ok(null, 'The SCIM token is revoked: provisioning stops until a new one is created.');
    },
  });
};
