/** The users module's public face: what other modules may use of it (they import nothing else of it). */
export {
  assignMembers,
  emailTaken,
  employeeNumberTaken,
  findUserByEmail,
  findUserByEmployeeNumber,
  findUserById,
  insertUser,
  mailLocales,
  releaseMember,
  releaseMembers,
  restoreUser,
  softDeleteUser,
  type UserWithOrg,
  updateOrganizationUser,
  updateUser,
} from './users.queries.ts';
