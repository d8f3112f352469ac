/** The toolbox module's public face: what other modules may use of it (they import nothing else of it). */
export { badgeCode, readBadge } from './badges.ts';
export { listBadgeHolders, listClips } from './toolbox.queries.ts';
