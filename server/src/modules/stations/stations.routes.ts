import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { createStation, retire, stationChoices, stationsOf } from './stations.service.ts';

/**
 * The station list, the form's choices, creating and retiring a station. Editing a station and assigning people
 * re-evaluate qualifications, so those calls are the qualifications module's (qualifications.routes.ts).
 */
export const stationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
    ...contractRoute(routes.deleteStation),
    handler: async (request) => {
      await retire(ctx, callerOf(request), request.params.orgId, request.params.stationId);
      return ok(null, 'The station is retired. Its evidence stays in the audit pack.');
    },
  });
};
