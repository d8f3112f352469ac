import {
  type AccountSetupRequest,
  type ChangePasswordRequest,
  CONFIRMATION_MESSAGES,
  type ConfirmEmailState,
  type EmployeeLoginRequest,
  firstRegistrationError,
  type Locale,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SessionData,
  SSO_MESSAGES,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { MINUTE, now, toIso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { clearAttempts, giveBackAttempt, LIMITS, takeAttempt } from '../../lib/throttle.ts';
import { passwordResetMail } from '../mail/index.ts';
import { insertOrganization, markOrganizationVerified, organizationVerified, passwordSignInAllowed } from '../tenancy/index.ts';
import { emailTaken, findUserByEmail, findUserByEmployeeNumber, findUserById, insertUser, type UserWithOrg, updateUser } from '../users/index.ts';
import type { Caller } from './caller.ts';
import { sendConfirmationLink } from './organization-verification.ts';
import { consumeUserToken, findUserToken, issueUserToken, openSession, revokeUserSessions } from './sessions.queries.ts';

const RESET_LIFETIME = 30 * MINUTE;
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const LOCKED_OUT = 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.';
export const TOO_MANY_FROM_ADDRESS = 'Too many failed sign-in attempts from your network. Please try again later.';
export const RESET_SENT = 'If an account exists for this e-mail, we have sent you a link to reset your password.';
export const RESET_THROTTLED = 'Too many reset requests for this e-mail. Please try again in an hour.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
export const RESET_FROM_ADDRESS_THROTTLED = 'Too many reset requests from your network. Please try again later.';
export const REGISTRATION_THROTTLED = 'Too many registrations from your network. Please try again in an hour.';
export const TOKEN_USE_THROTTLED = 'Too many attempts from your network. Please try again later.';
export const CHANGE_PASSWORD_THROTTLED = 'Too many wrong passwords. Please try again in 15 minutes.';

export function toSessionData(user: UserWithOrg, token: string): SessionData {
  return {
    token,
    user_id: user.id,
    organization_id: user.organization_id,
    organization_name: user.organization_name,
    team_id: user.team_id,
    team: user.team_name,
    role: user.role,
    user_type: 1,
    push_status: 0,
    name: user.name,
    is_super_user: user.is_super_user,
    is_guest: user.is_guest,
    sub_profile_id: user.id,
    picture: user.picture,
    logged_in_account: user.logged_in_account,
    first_login: user.first_login,
    last_login: toIso(user.last_login),
    is_change_password: user.is_change_password,
  };
}

export async function login(ctx: AppContext, input: LoginRequest, ip: string, userAgent?: string): Promise<SessionData> {
  const email = input.email?.trim().toLowerCase() ?? '';
  // Both attempts are taken before the password check, so concurrent guesses cannot pass the limits.
  await takeAttempt(ctx, LIMITS.loginPerAddress, ip, TOO_MANY_FROM_ADDRESS);
  // The guest's credentials are public: strangers' wrong guesses must not lock it for everyone, so it is
  // throttled by address only.
  const perAccount = email !== '' && email !== ctx.config.guest.email;
  if (perAccount) await takeAttempt(ctx, LIMITS.loginPerEmail, email, LOCKED_OUT);
  const user = email ? await findUserByEmail(ctx.db, email) : undefined;
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid) throw unauthorized(BAD_CREDENTIALS);
  if (perAccount) await clearAttempts(ctx.db, LIMITS.loginPerEmail, email);
  await giveBackAttempt(ctx.db, LIMITS.loginPerAddress, ip);
  // An organization that signs in with single sign-on only: its members go through their company account; its super
  // users keep their password, the way back in when the identity provider is down or misconfigured.
  if (!user.is_super_user && user.organization_id !== null && !(await passwordSignInAllowed(ctx.db, user.organization_id))) {
    throw forbidden(SSO_MESSAGES.passwordOff);
  }
  return signInUser(ctx, user, userAgent, input.timezone);
}

/** The lock-out key of a member without e-mail: their organization's code and their employee number. */
const employeeKey = (organizationCode: string, employeeNumber: string) => `employee:${organizationCode}:${employeeNumber}`;

/**
 * A member without e-mail signs in on a phone: organization code + employee number + password, throttled and locked
 * out exactly as the e-mail sign-in is (a wrong code, number or password all answer the same).
 */
export async function loginWithEmployeeNumber(ctx: AppContext, input: EmployeeLoginRequest, ip: string, userAgent?: string): Promise<SessionData> {
  const key = employeeKey(input.organization_code, input.employee_number);
  await takeAttempt(ctx, LIMITS.loginPerAddress, ip, TOO_MANY_FROM_ADDRESS);
  await takeAttempt(ctx, LIMITS.loginPerEmail, key, LOCKED_OUT);
  const user = await findUserByEmployeeNumber(ctx.db, input.organization_code, input.employee_number);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid) throw unauthorized(BAD_CREDENTIALS);
  await clearAttempts(ctx.db, LIMITS.loginPerEmail, key);
  await giveBackAttempt(ctx.db, LIMITS.loginPerAddress, ip);
  return signInUser(ctx, user, userAgent, input.timezone);
}

export const SETUP_CODE_INVALID = 'This setup code is wrong, already used or expired. Ask your super user for a new sheet.';

/**
 * The printed sheet's setup code: with the organization's code and the employee number it sets the member's first
 * password (once: the code is then used) and signs them in.
 */
export async function setUpAccount(ctx: AppContext, input: AccountSetupRequest, ip: string, userAgent?: string): Promise<SessionData> {
  const weak = passwordProblem(input.password, input.password_confirmation);
  if (weak) throw badRequest(weak);
  await takeAttempt(ctx, LIMITS.tokenUsePerAddress, ip, TOKEN_USE_THROTTLED);
  await takeAttempt(ctx, LIMITS.loginPerEmail, employeeKey(input.organization_code, input.employee_number), LOCKED_OUT);
  const user = await findUserByEmployeeNumber(ctx.db, input.organization_code, input.employee_number);
  const userId = user ? await consumeUserToken(ctx.db, input.setup_code, 'setup', user.id) : null;
  if (!user || userId === null) throw badRequest(SETUP_CODE_INVALID);
  await clearAttempts(ctx.db, LIMITS.loginPerEmail, employeeKey(input.organization_code, input.employee_number));
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.password), is_change_password: 0 });
  await revokeUserSessions(ctx.db, user.id);
  return signInUser(ctx, user, userAgent, input.timezone);
}

/**
 * Opens a session for a user who proved who they are (password, accepted invitation): counts the sign-in, so the
 * first one (logged_in_account 1) sends home to /firstLogin, and notes its time.
 */
export async function signInUser(ctx: AppContext, user: UserWithOrg, userAgent?: string, timezone?: string): Promise<SessionData> {
  await updateUser(ctx.db, user.id, {
    last_login: now(),
    logged_in_account: user.logged_in_account + 1,
    ...(timezone ? { timezone } : {}),
  });
  const token = await openSession(ctx.db, user.id, userAgent);
  // The session answer carries the previous sign-in time, as "last login" means.
  return toSessionData({ ...user, logged_in_account: user.logged_in_account + 1 }, token);
}

export async function register(
  ctx: AppContext,
  input: Required<Omit<RegisterRequest, 'is_super_user' | 'timezone' | 'terms'>> & { timezone?: string; terms?: 0 | 1 },
  ip: string,
  userAgent: string | undefined,
  locale: Locale,
) {
  const problem = firstRegistrationError(input, input.terms === undefined ? undefined : input.terms === 1);
  if (problem) throw badRequest(problem);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw badRequest('Please enter a valid e-mail address.');
  const weak = passwordProblem(input.password);
  if (weak) throw badRequest(weak);
  // Counted once the form is valid, so typos cost nothing; before the e-mail check, which tells who is registered.
  await takeAttempt(ctx, LIMITS.registrationPerAddress, ip, REGISTRATION_THROTTLED);
  if (await emailTaken(ctx.db, input.email)) throw conflict('The email has already been taken.');
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const organizationId = await insertOrganization(trx, input.company, { verified: false });
    return insertUser(trx, {
      organization_id: organizationId,
      team_id: null,
      email: input.email,
      password_hash: passwordHash,
      name: input.name,
      last_name: input.last_name,
      company: input.company,
      role: null,
      picture: null,
      // New registrations are never super users; the first paid checkout makes the payer one.
      is_super_user: 0,
      is_guest: 0,
      timezone: input.timezone ?? null,
    });
  });
  await sendConfirmationLink(ctx, { id: userId, email: input.email, name: input.name }, input.company, locale);
  const token = await openSession(ctx.db, userId, userAgent);
  return {
    user_id: userId,
    token,
    user_type: 1,
    push_status: 0,
    name: input.name,
    sub_profile_id: userId,
    picture: null,
  };
}

export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await takeAttempt(ctx, LIMITS.resetPerAddress, ip, RESET_FROM_ADDRESS_THROTTLED);
  await takeAttempt(ctx, LIMITS.resetPerEmail, email.trim().toLowerCase(), RESET_THROTTLED);
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email || user.is_guest) return;
  const token = await issueUserToken(ctx.db, user.id, 'reset', RESET_LIFETIME);
  // Built from PUBLIC_URL, never from the Host header a caller could forge.
  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(user.email, 'password_reset', passwordResetMail(user.name, url, recipientLocale(user.locale, user.organization_locale)));
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest, ip: string): Promise<void> {
  const weak = passwordProblem(input.password, input.password_confirmation);
  if (weak) throw badRequest(weak);
  await takeAttempt(ctx, LIMITS.tokenUsePerAddress, ip, TOKEN_USE_THROTTLED);
  const userId = await consumeUserToken(ctx.db, input.token, 'reset');
  if (userId === null) throw badRequest(RESET_LINK_INVALID);
  await updateUser(ctx.db, userId, { password_hash: await hashPassword(input.password), is_change_password: 0 });
  await revokeUserSessions(ctx.db, userId);
}

/** Where a confirmation token stands: its organization confirmed (by it or by another link), still usable, or not. */
async function tokenState(ctx: AppContext, token: string): Promise<ConfirmEmailState> {
  const row = await findUserToken(ctx.db, token, 'verify');
  const user = row ? await findUserById(ctx.db, row.user_id) : undefined;
  if (!row || !user?.organization_id) return 'invalid';
  if (await organizationVerified(ctx.db, user.organization_id)) return 'confirmed';
  return row.used_at === null && row.expires_at > now() ? 'pending' : 'invalid';
}

/** What the confirmation page shows on opening. Reads only: a mail scanner fetching the link confirms nothing. */
export async function confirmationState(ctx: AppContext, token: string, ip: string): Promise<ConfirmEmailState> {
  await takeAttempt(ctx, LIMITS.tokenUsePerAddress, ip, TOKEN_USE_THROTTLED);
  return tokenState(ctx, token);
}

/**
 * The confirmation page's button: the registration's organization counts from now on. A link already used (a second
 * press, another tab) answers already_confirmed; an unknown or expired one is refused.
 */
export async function confirmEmail(ctx: AppContext, token: string, ip: string): Promise<'confirmed' | 'already_confirmed'> {
  await takeAttempt(ctx, LIMITS.tokenUsePerAddress, ip, TOKEN_USE_THROTTLED);
  const userId = await consumeUserToken(ctx.db, token, 'verify');
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (user?.organization_id) {
    await markOrganizationVerified(ctx.db, user.organization_id);
    return 'confirmed';
  }
  if ((await tokenState(ctx, token)) === 'confirmed') return 'already_confirmed';
  throw badRequest(CONFIRMATION_MESSAGES.linkInvalid);
}

export const ALREADY_CONFIRMED = CONFIRMATION_MESSAGES.alreadyConfirmed;
export const CONFIRMATION_SENT = CONFIRMATION_MESSAGES.sent;
export const CONFIRMATION_MAILS_THROTTLED = CONFIRMATION_MESSAGES.throttled;

/** Sends the confirmation link again (a lost or expired e-mail), a few times an hour. */
export async function resendConfirmation(ctx: AppContext, caller: Caller, locale: Locale): Promise<string> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user?.organization_id || !user.email) throw unauthorized();
  if (await organizationVerified(ctx.db, user.organization_id)) return ALREADY_CONFIRMED;
  await takeAttempt(ctx, LIMITS.confirmationMailsPerAccount, String(user.id), CONFIRMATION_MAILS_THROTTLED);
  await sendConfirmationLink(ctx, { id: user.id, email: user.email, name: user.name }, user.company ?? 'your organization', locale);
  return CONFIRMATION_SENT;
}

export async function changePassword(ctx: AppContext, caller: Caller, input: ChangePasswordRequest): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw unauthorized();
  const session = String(caller.sessionId);
  const account = String(user.id);
  await takeAttempt(ctx, LIMITS.changePasswordPerSession, session, CHANGE_PASSWORD_THROTTLED);
  await takeAttempt(ctx, LIMITS.changePasswordPerAccount, account, CHANGE_PASSWORD_THROTTLED);
  if (!(await verifyPassword(user.password_hash, input.old_password))) throw badRequest('The old password is incorrect.');
  await clearAttempts(ctx.db, LIMITS.changePasswordPerSession, session);
  await clearAttempts(ctx.db, LIMITS.changePasswordPerAccount, account);
  const weak = passwordProblem(input.password, input.password_confirmation);
  if (weak) throw badRequest(weak);
  if (input.password === input.old_password) throw badRequest('The new password must be different from the old one.');
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.password), is_change_password: 0 });
  await revokeUserSessions(ctx.db, user.id, caller.sessionId);
}
