import { countOf, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendCsv, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { auditPack, verifyEvidence } from './audit-pack.ts';
import { sealLegacyChains } from './evidence-head.ts';
import { assignShift, personQualifications, qualificationMatrix, qualificationMatrixCsv } from './qualifications.service.ts';
import { listSignoffs, signOff } from './signoffs.service.ts';
import { requestSignoff, stationFloor } from './station-floor.service.ts';
import { assignStation, createStation, editStation, retire, stationChoices, stationsOf, unassignStation } from './stations.service.ts';

/** Stations, qualifications, the matrix, sign-offs and the audit pack; the daily clock. */
export const qualificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.organizationStations), handler: async (request) => ok(await stationsOf(ctx, callerOf(request), request.params.orgId)) });

  app.route({
    ...contractRoute(routes.organizationStationsChoices),
    handler: async (request) => ok(await stationChoices(ctx, callerOf(request), request.params.orgId)),
  });

  app.route({
    ...contractRoute(routes.createStation),
    handler: async (request, reply) => {
      const created = await createStation(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(created, 'The station is saved.'));
    },
  });

  app.route({
    ...contractRoute(routes.updateStation),
    handler: async (request) =>
      ok(await editStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.body), 'The station is saved.'),
  });

  app.route({
    ...contractRoute(routes.deleteStation),
    handler: async (request) => {
      await retire(ctx, callerOf(request), request.params.orgId, request.params.stationId);
      return ok(null, 'The station is retired. Its evidence stays in the audit pack.');
    },
  });

  app.route({
    ...contractRoute(routes.organizationStationsFloor),
    handler: async (request) => ok(await stationFloor(ctx, callerOf(request), request.params.orgId, request.params.stationId)),
  });

  app.route({
    ...contractRoute(routes.organizationStationsSignoffRequests),
    handler: async (request, reply) => {
      const data = await requestSignoff(ctx, callerOf(request), request.params.orgId, request.params.stationId);
      const message = data.notified === 1 ? 'Your trainer is notified.' : `${data.notified} trainers are notified.`;
      return reply.status(201).send(ok(data, message));
    },
  });

  app.route({
    ...contractRoute(routes.assignStation),
    handler: async (request) => {
      const data = await assignStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.body);
      return ok(data, `${countOf(data.assigned, 'person', 'people')} assigned.`);
    },
  });

  app.route({
    ...contractRoute(routes.unassignStation),
    handler: async (request) => {
      await unassignStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.params.userId);
      return ok(null, 'The person is no longer assigned to the station.');
    },
  });

  app.route({
    ...contractRoute(routes.organizationQualifications),
    handler: async (request) => ok(await personQualifications(ctx, callerOf(request), request.params.orgId, request.query.user_id)),
  });

  app.route({
    ...contractRoute(routes.organizationQualificationsPeopleShift),
    handler: async (request) => {
      await assignShift(ctx, callerOf(request), request.params.orgId, request.params.userId, request.body.shift);
      return ok(null, 'The shift is saved.');
    },
  });

  app.route({
    ...contractRoute(routes.organizationQualificationsMatrix),
    handler: async (request) => ok(await qualificationMatrix(ctx, callerOf(request), request.params.orgId, request.query)),
  });

  app.route({
    ...contractRoute(routes.qualificationsMatrixCsv),
    handler: async (request, reply) =>
      sendCsv(reply, await qualificationMatrixCsv(ctx, callerOf(request), request.params.orgId, request.query), 'qualification-matrix.csv'),
  });

  app.route({
    ...contractRoute(routes.signOff),
    handler: async (request, reply) => {
      const record = await signOff(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(record, `${record.person_name} is signed off at ${record.station_name}.`));
    },
  });

  app.route({
    ...contractRoute(routes.signoffs),
    handler: async (request) => ok(await listSignoffs(ctx, callerOf(request), request.params.orgId, request.query)),
  });

  app.route({
    ...contractRoute(routes.organizationAuditPack),
    handler: async (request, reply) => {
      const pack = await auditPack(ctx, callerOf(request), request.params.orgId, request.query);
      return pack.kind === 'pdf' ? sendPdf(reply, pack.body, pack.filename) : sendCsv(reply, pack.body, pack.filename);
    },
  });

  app.route({
    ...contractRoute(routes.organizationAuditPackVerify),
    handler: async (request) => ok(await verifyEvidence(ctx, callerOf(request), request.params.orgId, request.query)),
  });

  // Expiry, recertification, the daily digests and the weekly evidence head are jobs of the queue: server/src/background-work.ts.
  app.addHook('onReady', async () => {
    await sealLegacyChains(ctx);
  });
};
