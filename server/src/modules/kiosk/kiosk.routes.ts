import {
  enrolKioskData,
  enrolKioskRequest,
  KIOSK_MESSAGES,
  KIOSK_TOKEN_HEADER,
  kioskPinStatusData,
  kioskRosterData,
  kioskSignInData,
  kioskSignInRequest,
  kioskSummary,
  kiosksData,
  setKioskPinRequest,
} from '@mm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { enrolKiosk, kioskRoster, kioskSignIn, listOrganizationKiosks, pinStatus, revokeOrganizationKiosk, setPin } from './kiosk.service.ts';

const kioskParams = z.object({ kioskId: idParam });

function deviceTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KIOSK_TOKEN_HEADER];
  return typeof value === 'string' && value.length <= 100 ? value : undefined;
}

/** Kiosk administration (super user), a member's own PIN, and the two calls of the kiosk tablet itself. */
export const kioskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/kiosks', { schema: { response: { 200: envelope(kiosksData) } } }, async (request) => ok(await listOrganizationKiosks(ctx, callerOf(request))));

  app.post('/kiosks', { schema: { body: enrolKioskRequest, response: { 201: envelope(enrolKioskData) } } }, async (request, reply) => {
    const data = await enrolKiosk(ctx, callerOf(request), request.body);
    return reply.status(201).send(ok(data, 'This tablet is now a kiosk.'));
  });

  app.post('/kiosks/:kioskId/revoke', { schema: { params: kioskParams, response: { 200: envelope(kioskSummary) } } }, async (request) =>
    ok(await revokeOrganizationKiosk(ctx, callerOf(request), request.params.kioskId), 'The kiosk was revoked.'),
  );

  app.get('/kiosk-pin', { schema: { response: { 200: envelope(kioskPinStatusData) } } }, async (request) => ok(await pinStatus(ctx, callerOf(request))));

  app.post('/kiosk-pin', { schema: { body: setKioskPinRequest, response: { 201: envelope(z.null()) } } }, async (request, reply) => {
    await setPin(ctx, callerOf(request), request.body);
    return reply.status(201).send(ok(null, KIOSK_MESSAGES.pinSaved));
  });

  // The tablet proves itself with its device token (header), not with a member's session.
  app.get('/kiosk/roster', { config: { auth: 'public' }, schema: { response: { 200: envelope(kioskRosterData) } } }, async (request) =>
    ok(await kioskRoster(ctx, deviceTokenOf(request))),
  );

  app.post(
    '/kiosk/sign-in',
    { config: { auth: 'public' }, schema: { body: kioskSignInRequest, response: { 200: envelope(kioskSignInData) } } },
    async (request) => ok(await kioskSignIn(ctx, deviceTokenOf(request), request.body, request.headers['user-agent'])),
  );
};
