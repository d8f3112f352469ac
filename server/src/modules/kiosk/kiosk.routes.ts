import { KIOSK_MESSAGES, KIOSK_TOKEN_HEADER, routes } from '@mm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { fillMessage } from '../../lib/i18n.ts';
import { ok } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { callerOf } from '../auth/index.ts';
import {
  enrolKiosk,
  kioskBadgeHolder,
  kioskPracticalCheck,
  kioskPracticalPhoto,
  kioskPracticalStations,
  kioskRoster,
  kioskSignIn,
  listOrganizationKiosks,
  pinStatus,
  revokeOrganizationKiosk,
  setPin,
  unlockOrganizationKiosk,
  unlockOrganizationPerson,
} from './kiosk.service.ts';

const PRACTICAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

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

  // Practical checks (issue 38): the tablet's device token, then the operator's and the trainer's PINs in the body.
  app.route({
    ...contractRoute(routes.kioskPracticalStations),
    config: { auth: 'public' },
    handler: async (request) => ok(await kioskPracticalStations(ctx, deviceTokenOf(request))),
  });

  app.route({
    ...contractRoute(routes.kioskPracticalPhoto),
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const file = await readUpload(request, 'photo', PRACTICAL_PHOTO_MAX_BYTES, 'photo: may be at most 10 MB');
      return reply.status(201).send(ok(await kioskPracticalPhoto(ctx, deviceTokenOf(request), file)));
    },
  });

  app.route({
    ...contractRoute(routes.kioskPracticalCheck),
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const record = await kioskPracticalCheck(ctx, deviceTokenOf(request), request.body);
      const values = { name: record.person_name, station: record.station_name };
      const message = record.passed
        ? fillMessage('{{name}} passed the practical check at {{station}} and is signed off.', values, request.locale)
        : fillMessage('The practical check of {{name}} at {{station}} is recorded: not passed, not signed off.', values, request.locale);
      return reply.status(201).send(ok(record, message));
    },
  });
};
