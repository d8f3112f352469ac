import { countOf, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendCsv } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { practicalCheckDetail, practicalChecksAtStation } from './practical-checks.service.ts';
import { assignShift, personQualifications, qualificationMatrix, qualificationMatrixCsv } from './qualifications.service.ts';
import { listSignoffs, signOff } from './signoffs.service.ts';
import { assignStation, editStation, unassignStation } from './station-changes.service.ts';
import { requestSignoff, stationFloor } from './station-floor.service.ts';

/**
 * Qualifications: editing a station and assigning people (both re-evaluate), the station floor and sign-off requests,
 * a person's qualifications and shift, the matrix, sign-offs. The hourly clock is a job of the queue.
 */
export const qualificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.updateStation),
    handler: async (request) =>
      ok(await editStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.body), 'The station is saved.'),
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
    ...contractRoute(routes.organizationPracticalCheck),
    handler: async (request) => ok(await practicalCheckDetail(ctx, callerOf(request), request.params.orgId, request.params.checkId)),
  });

  app.route({
    ...contractRoute(routes.stationPracticalChecks),
    handler: async (request) => ok(await practicalChecksAtStation(ctx, callerOf(request), request.params.orgId, request.params.stationId, request.query)),
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
};
