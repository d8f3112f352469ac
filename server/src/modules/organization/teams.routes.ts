import {
  createTeamRequest,
  deleteTeamRequest,
  ORGANIZATION_MESSAGES,
  teamCreatedData,
  teamFormData,
  teamFormRequest,
  teamOverviewData,
  teamOverviewQuery,
  teamsData,
  updateTeamRequest,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { createTeam, deleteTeam, listOrganizationTeams, saveTeamForm, teamOverview, updateTeam } from './teams.service.ts';

const orgParams = z.object({ orgId: idParam });
const teamParams = z.object({ teamId: idParam });

export const teamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/organization/:orgId/teams', { schema: { params: orgParams, response: { 200: envelope(teamsData) } } }, async (request) =>
    ok(await listOrganizationTeams(ctx, callerOf(request), request.params.orgId)),
  );

  app.post(
    '/organization/:orgId/teams',
    { schema: { params: orgParams, body: createTeamRequest, response: { 201: envelope(teamCreatedData) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await createTeam(ctx, callerOf(request), request.params.orgId, request.body), ORGANIZATION_MESSAGES.teamCreated)),
  );

  app.post(
    '/organization/teams/delete/:teamId',
    { schema: { params: teamParams, body: deleteTeamRequest.optional(), response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteTeam(ctx, callerOf(request), request.params.teamId, request.body?.teamName);
      return ok(null, ORGANIZATION_MESSAGES.teamDeleted);
    },
  );

  app.post(
    '/organization/teams/form/:teamId',
    { schema: { params: teamParams, body: teamFormRequest, response: { 201: envelope(teamFormData) } } },
    async (request, reply) => {
      const team = await saveTeamForm(ctx, callerOf(request), request.params.teamId, request.body);
      return reply.status(201).send(ok({ data: team }, ORGANIZATION_MESSAGES.teamUpdated));
    },
  );

  app.post(
    '/organization/teams/:teamId',
    { schema: { params: teamParams, body: updateTeamRequest, response: { 201: envelope(teamCreatedData) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await updateTeam(ctx, callerOf(request), request.params.teamId, request.body), ORGANIZATION_MESSAGES.teamUpdated)),
  );

  app.get(
    '/organization/:teamId/team',
    { schema: { params: teamParams, querystring: teamOverviewQuery, response: { 200: envelope(teamOverviewData) } } },
    async (request) => ok(await teamOverview(ctx, callerOf(request), request.params.teamId, request.query.organization_id)),
  );
};
