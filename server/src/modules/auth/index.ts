/** The auth module's public face: what other modules may use of it (they import nothing else of it). */
export { register, signInUser, TOKEN_USE_THROTTLED, toSessionData } from './auth.service.ts';
export { type Caller, callerOf } from './caller.ts';
export { assertOrganizationCounts } from './organization-verification.ts';
export { KIOSK_IDLE_LIFETIME, SESSION_IDLE_LIFETIME } from './session-lifetimes.ts';
export {
  consumeUserToken,
  findUserToken,
  issueNewUsersTokens,
  issueUserToken,
  openSession,
  revokeUserSessions,
  SETUP_CODE_LIFETIME,
} from './sessions.queries.ts';
