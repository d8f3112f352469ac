import { ORGANIZATION_MESSAGES, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { createTeam, deleteTeam, listOrganizationTeams, saveTeamForm, teamOverview, updateTeam } from './teams.service.ts';

export const teamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.organizationTeams),
    handler: async (request) => ok(await listOrganizationTeams(ctx, callerOf(request), request.params.orgId)),
  });

  app.route({
    ...contractRoute(routes.createTeam),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await createTeam(ctx, callerOf(request), request.params.orgId, request.body), ORGANIZATION_MESSAGES.teamCreated)),
  });

  app.route({
    ...contractRoute(routes.organizationTeamsDelete),
    handler: async (request) => {
      await deleteTeam(ctx, callerOf(request), request.params.teamId, request.body?.teamName);
      return ok(null, ORGANIZATION_MESSAGES.teamDeleted);
    },
  });

  app.route({
    ...contractRoute(routes.organizationTeamsForm),
    handler: async (request, reply) => {
      const team = await saveTeamForm(ctx, callerOf(request), request.params.teamId, request.body);
      return reply.status(201).send(ok({ data: team }, ORGANIZATION_MESSAGES.teamUpdated));
    },
  });

  app.route({
    ...contractRoute(routes.updateTeam),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await updateTeam(ctx, callerOf(request), request.params.teamId, request.body), ORGANIZATION_MESSAGES.teamUpdated)),
  });

  app.route({
    ...contractRoute(routes.organizationTeam),
    handler: async (request) => ok(await teamOverview(ctx, callerOf(request), request.params.teamId, request.query.organization_id)),
  });
};
