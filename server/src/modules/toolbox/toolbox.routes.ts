import { badgeLookupQuery, badgePersonData, recordToolboxTalkRequest, toolboxSetupData, toolboxSetupQuery, toolboxTalk, toolboxTalksData } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok, sendPdf } from '../../lib/reply.ts';
import { attendanceSheet, personByBadge, recentToolboxTalks, recordToolboxTalk, toolboxSetup } from './toolbox.service.ts';

/** Toolbox talks: the leader's setup, recording a talk with its attendance, the recent talks and their sheets. */
export const toolboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/toolbox/setup', { schema: { querystring: toolboxSetupQuery, response: { 200: envelope(toolboxSetupData) } } }, async (request) =>
    ok(await toolboxSetup(ctx, callerOf(request), request.query.team_id)),
  );

  app.get('/toolbox/talks', { schema: { response: { 200: envelope(toolboxTalksData) } } }, async (request) =>
    ok({ talks: await recentToolboxTalks(ctx, callerOf(request)) }),
  );

  app.post('/toolbox/talks', { schema: { body: recordToolboxTalkRequest, response: { 201: envelope(toolboxTalk) } } }, async (request, reply) => {
    const talk = await recordToolboxTalk(ctx, callerOf(request), request.body);
    return reply.status(201).send(ok(talk, 'The toolbox talk is recorded.'));
  });

  app.get('/toolbox/talks/:talkId/pdf', { schema: { params: z.object({ talkId: idParam }) } }, async (request, reply) => {
    const { pdf, filename } = await attendanceSheet(ctx, callerOf(request), request.params.talkId);
    return sendPdf(reply, pdf, filename);
  });

  app.get('/toolbox/badge', { schema: { querystring: badgeLookupQuery, response: { 200: envelope(badgePersonData) } } }, async (request) =>
    ok(await personByBadge(ctx, callerOf(request), request.query.code)),
  );
};
