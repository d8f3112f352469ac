import { ORGANIZATION_MESSAGES, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import {
  createOrganizationUser,
  deleteOrganizationUser,
  managedUsers,
  organizationUsers,
  updateOrganizationUserFields,
  usersForSuperUser,
} from './org-users.service.ts';

export const orgUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.organizationUsers),
    handler: async (request) => ok(await organizationUsers(ctx, callerOf(request), request.params.orgId)),
  });

  app.route({
    ...contractRoute(routes.managedUsers),
    handler: async (request) => ok(await managedUsers(ctx, callerOf(request), request.params.orgId, request.query)),
  });

  // A read in POST clothing (the spec's method).
  app.route({
    ...contractRoute(routes.listUsers),
    handler: async (request) => ok(await usersForSuperUser(ctx, callerOf(request), request.body?.super_user_id)),
  });

  app.route({
    ...contractRoute(routes.createUser),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createOrganizationUser(ctx, callerOf(request), request.body),
            request.body.email === undefined ? ORGANIZATION_MESSAGES.userCreatedWithoutEmail : ORGANIZATION_MESSAGES.userCreated,
          ),
        ),
  });

  app.route({
    ...contractRoute(routes.updateUser),
    handler: async (request, reply) => {
      const { user_id, ...fields } = request.body;
      return reply.status(201).send(ok(await updateOrganizationUserFields(ctx, callerOf(request), user_id, fields), ORGANIZATION_MESSAGES.userUpdated));
    },
  });

  app.route({
    ...contractRoute(routes.deleteUser),
    handler: async (request) => {
      await deleteOrganizationUser(ctx, callerOf(request), request.body.user_id);
      return ok(null, ORGANIZATION_MESSAGES.userDeleted);
    },
  });
};
