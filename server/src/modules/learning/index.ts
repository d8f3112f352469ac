/** The learning module's public face: what other modules may use of it (they import nothing else of it). */
export { userActivity } from './activity.service.ts';
export { issueDueCertificates } from './certificates.service.ts';
export { assertCategoryOpen, assertVideoOpen } from './learning.policy.ts';
export { lastWatchedByUser, lastWatchedInCategory } from './learning.queries.ts';
export { progressPercent } from './learning.rules.ts';
export { applyWatchDelta, rebuildCategoryStats } from './learning-stats.queries.ts';
export {
  lessonsStartedNotWatchedSql,
  lessonsWatchedSql,
  type MeasuredMembers,
  measuredCtes,
  memberLessonsSql,
  memberStandingSql,
  membersOf,
} from './member-progress.queries.ts';
export { measuredMembers } from './member-progress.ts';
export { pathAccessOf } from './path-progress.ts';
