/** The users module's public face: what other modules may use of it (they import nothing else of it). */
export {
  assignMembers,
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  mailLocales,
  releaseMembers,
  softDeleteUser,
  type UserWithOrg,
  updateOrganizationUser,
  updateUser,
} from './users.queries.ts';
