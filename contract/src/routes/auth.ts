import { z } from 'zod';
import {
  accountSetupRequest,
  changePasswordRequest,
  confirmEmailData,
  confirmEmailRequest,
  confirmEmailStateData,
  employeeLoginRequest,
  forgotPasswordRequest,
  loginRequest,
  registerData,
  registerRequest,
  resetPasswordRequest,
  sessionData,
} from '../auth.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** Sign-in, registration, e-mail confirmation and passwords. */
export const authRoutes = defineRoutes('auth', {
  login: defineRoute({
    method: 'POST',
    path: '/api/v4/login',
    summary: 'Sign in with e-mail and password; answers the session token',
    body: loginRequest,
    answer: sessionData,
  }),
  /** A member without e-mail signs in with their organization's code, their employee number and their password (issue 39). */
  employeeLogin: defineRoute({
    method: 'POST',
    path: '/api/login/employee-number',
    summary: 'Sign in with organization code, employee number and password; answers the session token',
    body: employeeLoginRequest,
    answer: sessionData,
  }),
  /** The printed sheet's one-time setup code: the member without e-mail sets their first password and is signed in. */
  accountSetup: defineRoute({
    method: 'POST',
    path: '/api/account-setup',
    summary: "Set a first password with the printed sheet's one-time setup code; answers the session token",
    body: accountSetupRequest,
    answer: sessionData,
  }),
  /** The shared guest account (member spec 1): the landing page's guest link signs in with it. */
  guestAccess: defineRoute({
    method: 'GET',
    path: '/api/guest_access',
    summary: "The shared read-only guest account's sign-in",
    answer: z.object({ email: z.string(), password: z.string() }),
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/v4/register',
    summary: 'Register a new organization and its owner',
    body: registerRequest,
    answer: registerData,
    status: 201,
  }),
  /**
   * The registration's confirmation e-mail links to the web page /confirm-email, which confirms only when its button
   * is pressed: a mail scanner opening the link (GET or HEAD) changes nothing.
   */
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/confirm-email',
    summary: "Confirm the registration's e-mail address with the e-mailed token",
    body: confirmEmailRequest,
    answer: confirmEmailData,
  }),
  /** What the page shows on opening: still to confirm, already confirmed, or a link that no longer works. Reads only. */
  confirmEmailState: defineRoute({
    method: 'GET',
    path: '/api/confirm-email/state',
    summary: 'Whether a confirmation link is still to confirm, already confirmed or no longer valid',
    query: confirmEmailRequest,
    answer: confirmEmailStateData,
  }),
  /** The links e-mailed before the page existed: opened in a browser, they lead to the page (no confirmation). */
  confirmEmailLink: defineRoute({
    method: 'GET',
    path: '/api/confirm-email',
    summary: 'An old confirmation link: leads to the confirmation page, confirms nothing',
    query: confirmEmailRequest,
    answer: 'redirect',
    status: 303,
  }),
  resendConfirmation: defineRoute({ method: 'POST', path: '/api/confirmation-email', summary: 'Send the confirmation e-mail again', answer: z.null() }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/forgotpassword',
    summary: 'E-mail a password reset link',
    body: forgotPasswordRequest,
    answer: z.null(),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/reset-password',
    summary: 'Set a new password with a reset token',
    body: resetPasswordRequest,
    answer: z.null(),
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/changePassword',
    summary: "Change the signed-in member's password",
    body: changePasswordRequest,
    answer: z.null(),
  }),
  logout: defineRoute({ method: 'POST', path: '/api/logout', summary: 'End the current session', answer: z.null() }),
});
