/** The organization module's public face: what other modules may use of it (they import nothing else of it). */
export { keptLearningPathFor } from './kept-learning-path.ts';
export { catalogTree, type LearningPath, learningPathFor } from './learning-path.queries.ts';
export { editHiddenVideos, savePath } from './learning-path.service.ts';
export {
  createOrganizationUser,
  deleteOrganizationUser,
  enrolMembers,
  type MemberToEnrol,
  organizationUsers,
  queueInvitations,
  seatsRefusal,
  updateOrganizationUserFields,
} from './org-users.service.ts';
export { assertCanManageOrganization, assertCanReadOrganization, managedOrganizationOf } from './organization.policy.ts';
export { addMember } from './organization.service.ts';
export { findOrCreateTeam, findTeam, insertTeam, listTeams, organizationTeamNames, renameTeam, softDeleteTeam, teamNameTaken } from './teams.queries.ts';
