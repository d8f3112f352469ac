import { KIOSK_MESSAGES, KIOSK_TOKEN_HEADER, routes } from '@mm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import {
  enrolKiosk,
  kioskBadgeHolder,
  kioskRoster,
  kioskSignIn,
  listOrganizationKiosks,
  pinStatus,
  revokeOrganizationKiosk,
  setPin,
  unlockOrganizationKiosk,
  unlockOrganizationPerson,
} from './kiosk.service.ts';

function deviceTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KIOSK_TOKEN_HEADER];
  return typeof value === 'string' && value.length <= 100 ? value : undefined;
}

/** Kiosk administration (super user), a member's own PIN, and the two calls of the kiosk tablet itself. */
export const kioskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.kiosks), handler: async (request) => ok(await listOrganizationKiosks(ctx, callerOf(request))) });

  app.route({
    ...contractRoute(routes.enrolKiosk),
    handler: async (request, reply) => {
      const data = await enrolKiosk(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(data, 'This tablet is now a kiosk.'));
    },
  });

  app.route({
    ...contractRoute(routes.kiosksRevoke),
    handler: async (request) => ok(await revokeOrganizationKiosk(ctx, callerOf(request), request.params.kioskId), 'The kiosk was revoked.'),
  });

  app.route({
    ...contractRoute(routes.kiosksUnlock),
    handler: async (request) => {
      await unlockOrganizationKiosk(ctx, callerOf(request), request.params.kioskId);
      return ok(null, KIOSK_MESSAGES.kioskUnlocked);
    },
  });

  app.route({
    ...contractRoute(routes.kioskPersonUnlock),
    handler: async (request) => {
      await unlockOrganizationPerson(ctx, callerOf(request), request.params.userId);
      return ok(null, KIOSK_MESSAGES.personUnlocked);
    },
  });

  app.route({ ...contractRoute(routes.kioskPin), handler: async (request) => ok(await pinStatus(ctx, callerOf(request))) });

  app.route({
    ...contractRoute(routes.setKioskPin),
    handler: async (request, reply) => {
      await setPin(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(null, KIOSK_MESSAGES.pinSaved));
    },
  });

  // The tablet proves itself with its device token (header), not with a member's session.
  app.route({
    ...contractRoute(routes.kioskRoster),
    config: { auth: 'public' },
    handler: async (request) => ok(await kioskRoster(ctx, deviceTokenOf(request))),
  });

  app.route({
    ...contractRoute(routes.kioskBadge),
    config: { auth: 'public' },
    handler: async (request) => ok(await kioskBadgeHolder(ctx, deviceTokenOf(request), request.body.code)),
  });

  app.route({
    ...contractRoute(routes.kioskSignIn),
    config: { auth: 'public' },
    handler: async (request) => ok(await kioskSignIn(ctx, deviceTokenOf(request), request.body, request.headers['user-agent'])),
  });
};
