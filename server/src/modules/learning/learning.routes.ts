import {
  certificateQuery,
  certificationData,
  challengeData,
  challengeRequest,
  firstLoginPushData,
  learningPathHomeData,
  microCertificateQuery,
  microCertificationData,
  peopleData,
  peopleQuery,
  rankingsData,
  rankingsQuery,
  userActivityData,
  userCertificationsData,
  verificationCode,
  verificationData,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok, sendPdf } from '../../lib/reply.ts';
import {
  certificateByCategory,
  certificatePdfFile,
  firstLoginPush,
  insertChallenge,
  learningPathHome,
  microCertificate,
  organizationPeople,
  rankings,
  teamPeople,
  userActivity,
  userCertifications,
  verifyCertificate,
} from './learning.service.ts';

const userParams = z.object({ userId: idParam });
/** A team is named by its id or its name (the session keeps both). */
const teamParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : v));

const read = { guestWrites: true };

export const learningRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/learning_path_home',
      config: read,
      schema: { response: { 200: envelope(learningPathHomeData) } },
      handler: async (request) => ok(await learningPathHome(ctx, callerOf(request))),
    });
  }

  app.get('/get_user_certificate_by_category', { schema: { querystring: certificateQuery, response: { 200: envelope(certificationData) } } }, async (request) =>
    ok(await certificateByCategory(ctx, callerOf(request), request.query.user_id, request.query.category_id)),
  );

  app.get(
    '/get_user_micro_certificate_by_sub_category',
    { schema: { querystring: microCertificateQuery, response: { 200: envelope(microCertificationData) } } },
    async (request) => ok(await microCertificate(ctx, callerOf(request), request.query.user_id, request.query.sub_category_id)),
  );

  app.get('/get_all_user_certifications/:userId', { schema: { params: userParams, response: { 200: envelope(userCertificationsData) } } }, async (request) =>
    ok(await userCertifications(ctx, callerOf(request), request.params.userId)),
  );

  app.get('/get_user_activity/:userId', { schema: { params: userParams, response: { 200: envelope(userActivityData) } } }, async (request) =>
    ok(await userActivity(ctx, callerOf(request), request.params.userId)),
  );

  app.get('/get_all_rankings', { schema: { querystring: rankingsQuery, response: { 200: envelope(rankingsData) } } }, async (request) =>
    ok(await rankings(ctx, callerOf(request), request.query.organization_id, request.query)),
  );

  app.get(
    '/get_all_users_organization/:orgId',
    { schema: { params: z.object({ orgId: idParam }), querystring: peopleQuery, response: { 200: envelope(peopleData) } } },
    async (request) => ok(await organizationPeople(ctx, callerOf(request), request.params.orgId, undefined, request.query)),
  );

  app.get(
    '/get_all_users_my_team/:orgId/:team',
    { schema: { params: z.object({ orgId: idParam, team: teamParam }), querystring: peopleQuery, response: { 200: envelope(peopleData) } } },
    async (request) => ok(await organizationPeople(ctx, callerOf(request), request.params.orgId, request.params.team, request.query)),
  );

  app.get(
    '/organization/teams/:teamId/users',
    { schema: { params: z.object({ teamId: idParam }), querystring: peopleQuery, response: { 200: envelope(peopleData) } } },
    async (request) => ok(await teamPeople(ctx, callerOf(request), request.params.teamId, request.query)),
  );

  app.post('/insert_new_challenge', { schema: { body: challengeRequest, response: { 201: envelope(challengeData) } } }, async (request, reply) => {
    const data = await insertChallenge(ctx, callerOf(request), request.body);
    return reply.status(201).send(ok(data, 'Challenge recorded.'));
  });

  app.post(
    '/user/:userId/updateFirstLoginInLibraryPush',
    { schema: { params: userParams, response: { 200: envelope(firstLoginPushData) } } },
    async (request) => ok(await firstLoginPush(ctx, callerOf(request), request.params.userId)),
  );

  app.get('/certificates/:id/pdf', { schema: { params: z.object({ id: idParam }) } }, async (request, reply) => {
    const { pdf, filename } = await certificatePdfFile(ctx, callerOf(request), request.params.id);
    return sendPdf(reply, pdf, filename);
  });

  app.get(
    '/certificates/verify/:code',
    { config: { auth: 'public' }, schema: { params: z.object({ code: verificationCode }), response: { 200: envelope(verificationData) } } },
    async (request) => ok(await verifyCertificate(ctx, request.params.code)),
  );
};
