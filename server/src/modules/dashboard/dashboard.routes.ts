import { DASHBOARD_MESSAGES, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { complianceReport, optionalTraining, overallProgress, sendAlert, sendBroadcast, usersAlerts } from './dashboard.service.ts';

/** Team dashboard (administration spec, section 7 "Dashboard"). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.getOrganizationTeamOverallProgress),
    handler: async (request) => ok(await overallProgress(ctx, callerOf(request), request.query)),
  });

  app.route({ ...contractRoute(routes.getDashboardUsersAlerts), handler: async (request) => ok(await usersAlerts(ctx, callerOf(request), request.query)) });

  app.route({
    ...contractRoute(routes.getOrganizationComplianceReport),
    handler: async (request) => ok(await complianceReport(ctx, callerOf(request), request.query)),
  });

  app.route({
    ...contractRoute(routes.getOrganizationTeamOptionalTraining),
    handler: async (request) => ok(await optionalTraining(ctx, callerOf(request), request.query)),
  });

  app.route({
    ...contractRoute(routes.sendDashboardAlert),
    handler: async (request) => {
      await sendAlert(ctx, callerOf(request), request.params.userId, request.query);
      return ok(null, DASHBOARD_MESSAGES.alertSent);
    },
  });

  app.route({
    ...contractRoute(routes.sendBroadcast),
    handler: async (request) => {
      const caller = callerOf(request);
      const { organizationId, team, categoryId } = request.body;
      const recipients = await sendBroadcast(ctx, caller, request.body);
      request.log.info(
        { event: 'broadcast', organizationId, teamId: team ?? null, categoryId: categoryId ?? null, senderId: caller.userId, recipients },
        'progress broadcast sent',
      );
      return ok({ recipients }, DASHBOARD_MESSAGES.broadcastSent);
    },
  });
};
