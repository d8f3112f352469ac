import {
  alertsData,
  alertsQuery,
  broadcastData,
  broadcastRequest,
  complianceData,
  DASHBOARD_MESSAGES,
  dashboardScopeQuery,
  optionalTrainingData,
  overallProgressData,
  overallProgressQuery,
  sendAlertQuery,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { complianceReport, optionalTraining, overallProgress, sendAlert, sendBroadcast, usersAlerts } from './dashboard.service.ts';

/** Team dashboard (administration spec, section 7 "Dashboard"). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/get_organization_team_overall_progress',
    { schema: { querystring: overallProgressQuery, response: { 200: envelope(overallProgressData) } } },
    async (request) => ok(await overallProgress(ctx, callerOf(request), request.query)),
  );

  app.get('/get_dashboard_users_alerts', { schema: { querystring: alertsQuery, response: { 200: envelope(alertsData) } } }, async (request) =>
    ok(await usersAlerts(ctx, callerOf(request), request.query)),
  );

  app.get(
    '/get_organization_compliance_report',
    { schema: { querystring: dashboardScopeQuery, response: { 200: envelope(complianceData) } } },
    async (request) => ok(await complianceReport(ctx, callerOf(request), request.query)),
  );

  app.get(
    '/get_organization_team_optional_training',
    { schema: { querystring: dashboardScopeQuery, response: { 200: envelope(optionalTrainingData) } } },
    async (request) => ok(await optionalTraining(ctx, callerOf(request), request.query)),
  );

  app.get(
    '/dashboard/team/:userId',
    { schema: { params: z.object({ userId: idParam }), querystring: sendAlertQuery, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await sendAlert(ctx, callerOf(request), request.params.userId, request.query);
      return ok(null, DASHBOARD_MESSAGES.alertSent);
    },
  );

  app.post('/send_broadcast', { schema: { body: broadcastRequest, response: { 200: envelope(broadcastData) } } }, async (request) =>
    ok({ recipients: await sendBroadcast(ctx, callerOf(request), request.body) }, DASHBOARD_MESSAGES.broadcastSent),
  );
};
