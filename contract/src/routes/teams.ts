import { z } from 'zod';
import {
  createTeamRequest,
  deleteTeamRequest,
  teamCreatedData,
  teamFormData,
  teamFormRequest,
  teamOverviewData,
  teamOverviewQuery,
  teamsData,
  updateTeamRequest,
} from '../organization.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { orgParams, teamParams } from './params.ts';

/** The organization's teams. */
export const teamsRoutes = defineRoutes('teams', {
  organizationTeams: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/teams',
    summary: "The organization's teams",
    params: orgParams,
    answer: teamsData,
  }),
  createTeam: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/teams',
    summary: 'Create a team',
    params: orgParams,
    body: createTeamRequest,
    answer: teamCreatedData,
    status: 201,
  }),
  organizationTeamsDelete: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/delete/:teamId',
    summary: 'Delete a team (its name as confirmation)',
    params: teamParams,
    body: deleteTeamRequest.optional(),
    answer: z.null(),
  }),
  organizationTeamsForm: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/form/:teamId',
    summary: "Save a team's name and members",
    params: teamParams,
    body: teamFormRequest,
    answer: teamFormData,
    status: 201,
  }),
  updateTeam: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/:teamId',
    summary: "Change a team's name, path categories or members",
    params: teamParams,
    body: updateTeamRequest,
    answer: teamCreatedData,
    status: 201,
  }),
  organizationTeam: defineRoute({
    method: 'GET',
    path: '/api/organization/:teamId/team',
    summary: "A team's members and path categories",
    params: teamParams,
    query: teamOverviewQuery,
    answer: teamOverviewData,
  }),
});
