/** The notices module's public face: what other modules may use of it (they import nothing else of it). */
export type { NoticeText } from './notice-texts.ts';
export { insertNotices, type NewNotice } from './notices.queries.ts';
export { markNoticesRead } from './notices.service.ts';
