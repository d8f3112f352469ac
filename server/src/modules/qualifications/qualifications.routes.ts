import {
  assignStationData,
  assignStationRequest,
  auditPackQuery,
  auditVerificationData,
  matrixData,
  matrixQuery,
  personQualificationsData,
  personQualificationsQuery,
  setShiftRequest,
  signOffRequest,
  signoffRecord,
  signoffRequestData,
  signoffsData,
  signoffsQuery,
  station,
  stationChoicesData,
  stationFloorData,
  stationInput,
  stationsData,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { HOUR } from '../../lib/clock.ts';
import { envelope, idParam, ok, sendCsv, sendPdf } from '../../lib/reply.ts';
import { auditPack, verifyEvidence } from './audit-pack.ts';
import { runQualificationClock } from './qualification-clock.ts';
import { assignShift, personQualifications, qualificationMatrix, qualificationMatrixCsv } from './qualifications.service.ts';
import { listSignoffs, signOff } from './signoffs.service.ts';
import { requestSignoff, stationFloor } from './station-floor.service.ts';
import { assignStation, createStation, editStation, retire, stationChoices, stationsOf, unassignStation } from './stations.service.ts';

const orgParams = z.object({ orgId: idParam });
const stationParams = orgParams.extend({ stationId: idParam });
const personParams = orgParams.extend({ userId: idParam });
const assignmentParams = stationParams.extend({ userId: idParam });

/** Stations, qualifications, the matrix, sign-offs and the audit pack; the daily clock. */
export const qualificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/organization/:orgId/stations', { schema: { params: orgParams, response: { 200: envelope(stationsData) } } }, async (request) =>
    ok(await stationsOf(ctx, callerOf(request), request.params.orgId)),
  );

  app.get('/organization/:orgId/stations/choices', { schema: { params: orgParams, response: { 200: envelope(stationChoicesData) } } }, async (request) =>
    ok(await stationChoices(ctx, callerOf(request), request.params.orgId)),
  );

  app.post(
    '/organization/:orgId/stations',
    { schema: { params: orgParams, body: stationInput, response: { 201: envelope(station) } } },
    async (request, reply) => {
      const created = await createStation(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(created, 'The station is saved.'));
    },
  );

  app.put(
    '/organization/:orgId/stations/:stationId',
    { schema: { params: stationParams, body: stationInput, response: { 200: envelope(station) } } },
    async (request) => ok(await editStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.body), 'The station is saved.'),
  );

  app.delete('/organization/:orgId/stations/:stationId', { schema: { params: stationParams, response: { 200: envelope(z.null()) } } }, async (request) => {
    await retire(ctx, callerOf(request), request.params.orgId, request.params.stationId);
    return ok(null, 'The station is retired. Its evidence stays in the audit pack.');
  });

  app.get(
    '/organization/:orgId/stations/:stationId/floor',
    { schema: { params: stationParams, response: { 200: envelope(stationFloorData) } } },
    async (request) => ok(await stationFloor(ctx, callerOf(request), request.params.orgId, request.params.stationId)),
  );

  app.post(
    '/organization/:orgId/stations/:stationId/signoff-requests',
    { schema: { params: stationParams, response: { 201: envelope(signoffRequestData) } } },
    async (request, reply) => {
      const data = await requestSignoff(ctx, callerOf(request), request.params.orgId, request.params.stationId);
      const message = data.notified === 1 ? 'Your trainer is notified.' : `${data.notified} trainers are notified.`;
      return reply.status(201).send(ok(data, message));
    },
  );

  app.post(
    '/organization/:orgId/stations/:stationId/assignments',
    { schema: { params: stationParams, body: assignStationRequest, response: { 200: envelope(assignStationData) } } },
    async (request) => {
      const data = await assignStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.body);
      return ok(data, data.assigned === 1 ? '1 person assigned.' : `${data.assigned} people assigned.`);
    },
  );

  app.delete(
    '/organization/:orgId/stations/:stationId/assignments/:userId',
    { schema: { params: assignmentParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await unassignStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.params.userId);
      return ok(null, 'The person is no longer assigned to the station.');
    },
  );

  app.get(
    '/organization/:orgId/qualifications',
    { schema: { params: orgParams, querystring: personQualificationsQuery, response: { 200: envelope(personQualificationsData) } } },
    async (request) => ok(await personQualifications(ctx, callerOf(request), request.params.orgId, request.query.user_id)),
  );

  app.put(
    '/organization/:orgId/qualifications/people/:userId/shift',
    { schema: { params: personParams, body: setShiftRequest, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await assignShift(ctx, callerOf(request), request.params.orgId, request.params.userId, request.body.shift);
      return ok(null, 'The shift is saved.');
    },
  );

  app.get(
    '/organization/:orgId/qualifications/matrix',
    { schema: { params: orgParams, querystring: matrixQuery, response: { 200: envelope(matrixData) } } },
    async (request) => ok(await qualificationMatrix(ctx, callerOf(request), request.params.orgId, request.query)),
  );

  app.get('/organization/:orgId/qualifications/matrix.csv', { schema: { params: orgParams, querystring: matrixQuery } }, async (request, reply) =>
    sendCsv(reply, await qualificationMatrixCsv(ctx, callerOf(request), request.params.orgId, request.query), 'qualification-matrix.csv'),
  );

  app.post(
    '/organization/:orgId/signoffs',
    { schema: { params: orgParams, body: signOffRequest, response: { 201: envelope(signoffRecord) } } },
    async (request, reply) => {
      const record = await signOff(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(record, `${record.person_name} is signed off at ${record.station_name}.`));
    },
  );

  app.get(
    '/organization/:orgId/signoffs',
    { schema: { params: orgParams, querystring: signoffsQuery, response: { 200: envelope(signoffsData) } } },
    async (request) => ok(await listSignoffs(ctx, callerOf(request), request.params.orgId, request.query)),
  );

  app.get('/organization/:orgId/audit-pack', { schema: { params: orgParams, querystring: auditPackQuery } }, async (request, reply) => {
    const pack = await auditPack(ctx, callerOf(request), request.params.orgId, request.query);
    return pack.kind === 'pdf' ? sendPdf(reply, pack.body, pack.filename) : sendCsv(reply, pack.body, pack.filename);
  });

  app.get('/organization/:orgId/audit-pack/verify', { schema: { params: orgParams, response: { 200: envelope(auditVerificationData) } } }, async (request) =>
    ok(await verifyEvidence(ctx, callerOf(request), request.params.orgId)),
  );

  // Expiry, recertification and the daily digests: hourly on every instance (each transition and digest happens once).
  const tick = () => runQualificationClock(ctx).catch((err) => app.log.error({ err }, 'qualification clock failed'));
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onReady', async () => {
    await tick();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
