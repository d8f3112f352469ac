import {
  createUserRequest,
  deleteUserRequest,
  listUsersRequest,
  ORGANIZATION_MESSAGES,
  organizationUser,
  organizationUsersData,
  updateUserRequest,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { createOrganizationUser, deleteOrganizationUser, organizationUsers, updateOrganizationUserFields, usersForSuperUser } from './org-users.service.ts';

export const orgUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/organization/:orgId/users',
    { schema: { params: z.object({ orgId: idParam }), response: { 200: envelope(organizationUsersData) } } },
    async (request) => ok(await organizationUsers(ctx, callerOf(request), request.params.orgId)),
  );

  // A read in POST clothing (the spec's method).
  app.post('/v4/list_users', { schema: { body: listUsersRequest.optional(), response: { 200: envelope(organizationUsersData) } } }, async (request) =>
    ok(await usersForSuperUser(ctx, callerOf(request), request.body?.super_user_id)),
  );

  app.post('/v4/create_user', { schema: { body: createUserRequest, response: { 201: envelope(organizationUser) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createOrganizationUser(ctx, callerOf(request), request.body), ORGANIZATION_MESSAGES.userCreated)),
  );

  app.post('/v4/update_user', { schema: { body: updateUserRequest, response: { 201: envelope(organizationUser) } } }, async (request, reply) => {
    const { user_id, ...fields } = request.body;
    return reply.status(201).send(ok(await updateOrganizationUserFields(ctx, callerOf(request), user_id, fields), ORGANIZATION_MESSAGES.userUpdated));
  });

  app.post('/v4/delete_user', { schema: { body: deleteUserRequest, response: { 200: envelope(z.null()) } } }, async (request) => {
    await deleteOrganizationUser(ctx, callerOf(request), request.body.user_id);
    return ok(null, ORGANIZATION_MESSAGES.userDeleted);
  });
};
