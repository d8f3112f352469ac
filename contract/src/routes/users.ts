import { z } from 'zod';
import {
  createUserRequest,
  deleteUserRequest,
  listUsersRequest,
  managedUsersData,
  managedUsersQuery,
  organizationUser,
  organizationUsersData,
  updateUserRequest,
} from '../organization.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam } from './params.ts';

/** The organization's users, as super users manage them. */
export const usersRoutes = defineRoutes('users', {
  organizationUsers: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/users',
    summary: 'Every user of the organization',
    params: z.object({ orgId: idParam }),
    answer: organizationUsersData,
  }),
  managedUsers: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/users/page',
    summary: "A page of the organization's users, filtered and searched",
    params: z.object({ orgId: idParam }),
    query: managedUsersQuery,
    answer: managedUsersData,
  }),
  listUsers: defineRoute({
    method: 'POST',
    path: '/api/v4/list_users',
    summary: "The organization's users (the spec's list call)",
    body: listUsersRequest.optional(),
    answer: organizationUsersData,
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/v4/create_user',
    summary: 'Create a user in the organization',
    body: createUserRequest,
    answer: organizationUser,
    status: 201,
  }),
  updateUser: defineRoute({
    method: 'POST',
    path: '/api/v4/update_user',
    summary: 'Change a user of the organization',
    body: updateUserRequest,
    answer: organizationUser,
    status: 201,
  }),
  deleteUser: defineRoute({
    method: 'POST',
    path: '/api/v4/delete_user',
    summary: 'Delete a user of the organization',
    body: deleteUserRequest,
    answer: z.null(),
  }),
});
