import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { firstLoginPush, insertChallenge, userActivity } from './activity.service.ts';
import { certificateByCategory, certificatePdfFile, microCertificate, userCertifications, verifyCertificate } from './certificates.service.ts';
import { learningPathHome } from './path-progress.ts';
import { organizationPeople, rankings, teamPeople } from './people-rankings.service.ts';

const read = { guestWrites: true };

export const learningRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const route of [routes.learningPathHome, routes.learningPathHomeByPost]) {
    app.route({
      ...contractRoute(route),
      config: read,
      handler: async (request) => ok(await learningPathHome(ctx, callerOf(request))),
    });
  }

  app.route({
    ...contractRoute(routes.getUserCertificateByCategory),
    handler: async (request) => ok(await certificateByCategory(ctx, callerOf(request), request.query.user_id, request.query.category_id)),
  });

  app.route({
    ...contractRoute(routes.getUserMicroCertificateBySubCategory),
    handler: async (request) => ok(await microCertificate(ctx, callerOf(request), request.query.user_id, request.query.sub_category_id)),
  });

  app.route({
    ...contractRoute(routes.getAllUserCertifications),
    handler: async (request) => ok(await userCertifications(ctx, callerOf(request), request.params.userId)),
  });

  app.route({ ...contractRoute(routes.getUserActivity), handler: async (request) => ok(await userActivity(ctx, callerOf(request), request.params.userId)) });

  app.route({
    ...contractRoute(routes.getAllRankings),
    handler: async (request) => ok(await rankings(ctx, callerOf(request), request.query.organization_id, request.query)),
  });

  app.route({
    ...contractRoute(routes.getAllUsersOrganization),
    handler: async (request) => ok(await organizationPeople(ctx, callerOf(request), request.params.orgId, undefined, request.query)),
  });

  app.route({
    ...contractRoute(routes.getAllUsersMyTeam),
    handler: async (request) => ok(await organizationPeople(ctx, callerOf(request), request.params.orgId, request.params.team, request.query)),
  });

  app.route({
    ...contractRoute(routes.organizationTeamsUsers),
    handler: async (request) => ok(await teamPeople(ctx, callerOf(request), request.params.teamId, request.query)),
  });

  app.route({
    ...contractRoute(routes.insertNewChallenge),
    handler: async (request, reply) => {
      const data = await insertChallenge(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(data, 'Challenge recorded.'));
    },
  });

  app.route({
    ...contractRoute(routes.userUpdateFirstLoginInLibraryPush),
    handler: async (request) => ok(await firstLoginPush(ctx, callerOf(request), request.params.userId)),
  });

  app.route({
    ...contractRoute(routes.certificatesPdf),
    handler: async (request, reply) => {
      const { pdf, filename } = await certificatePdfFile(ctx, callerOf(request), request.params.id);
      return sendPdf(reply, pdf, filename);
    },
  });

  app.route({
    ...contractRoute(routes.certificatesVerify),
    config: { auth: 'public' },
    handler: async (request) => ok(await verifyCertificate(ctx, request.params.code)),
  });
};
