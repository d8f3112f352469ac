import { z } from 'zod';
import {
  alertsData,
  alertsQuery,
  broadcastData,
  broadcastRequest,
  complianceData,
  dashboardScopeQuery,
  optionalTrainingData,
  overallProgressData,
  overallProgressQuery,
  sendAlertQuery,
} from '../dashboard.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam } from './params.ts';

/** The supervisor's dashboard, reminders and broadcasts. */
export const dashboardRoutes = defineRoutes('dashboard', {
  getOrganizationTeamOverallProgress: defineRoute({
    method: 'GET',
    path: '/api/get_organization_team_overall_progress',
    summary: "The dashboard's overall progress by team",
    query: overallProgressQuery,
    answer: overallProgressData,
  }),
  getDashboardUsersAlerts: defineRoute({
    method: 'GET',
    path: '/api/get_dashboard_users_alerts',
    summary: "The dashboard's members behind, by category",
    query: alertsQuery,
    answer: alertsData,
  }),
  getOrganizationComplianceReport: defineRoute({
    method: 'GET',
    path: '/api/get_organization_compliance_report',
    summary: "The dashboard's compliance by category",
    query: dashboardScopeQuery,
    answer: complianceData,
  }),
  getOrganizationTeamOptionalTraining: defineRoute({
    method: 'GET',
    path: '/api/get_organization_team_optional_training',
    summary: "The dashboard's optional training: minutes and completion by category",
    query: dashboardScopeQuery,
    answer: optionalTrainingData,
  }),
  sendDashboardAlert: defineRoute({
    method: 'GET',
    path: '/api/dashboard/team/:userId',
    summary: 'Send a reminder to a member',
    params: z.object({ userId: idParam }),
    query: sendAlertQuery,
    answer: z.null(),
  }),
  sendBroadcast: defineRoute({
    method: 'POST',
    path: '/api/send_broadcast',
    summary: 'Send a message to a team or the organization',
    body: broadcastRequest,
    answer: broadcastData,
  }),
});
