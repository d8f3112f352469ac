import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { attendanceSheet, personByBadge, recentToolboxTalks, recordToolboxTalk, toolboxSetup } from './toolbox.service.ts';

/** Toolbox talks: the leader's setup, recording a talk with its attendance, the recent talks and their sheets. */
export const toolboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.toolboxSetup), handler: async (request) => ok(await toolboxSetup(ctx, callerOf(request), request.query.team_id)) });

  app.route({ ...contractRoute(routes.toolboxTalks), handler: async (request) => ok({ talks: await recentToolboxTalks(ctx, callerOf(request)) }) });

  app.route({
    ...contractRoute(routes.recordToolboxTalk),
    handler: async (request, reply) => {
      const talk = await recordToolboxTalk(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(talk, 'The toolbox talk is recorded.'));
    },
  });

  app.route({
    ...contractRoute(routes.toolboxTalksPdf),
    handler: async (request, reply) => {
      const { pdf, filename } = await attendanceSheet(ctx, callerOf(request), request.params.talkId);
      return sendPdf(reply, pdf, filename);
    },
  });

  app.route({ ...contractRoute(routes.toolboxBadge), handler: async (request) => ok(await personByBadge(ctx, callerOf(request), request.query.code)) });
};
