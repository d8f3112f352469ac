import { changePasswordRequest, forgotPasswordRequest, loginRequest, registerData, registerRequest, resetPasswordRequest, sessionData } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, ok } from '../../lib/reply.ts';
import { changePassword, confirmEmail, login, RESET_SENT, register, requestPasswordReset, resendConfirmation, resetPassword } from './auth.service.ts';
import { revokeSession } from './sessions.queries.ts';

const empty = envelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/v4/login', { config: { auth: 'public' }, schema: { body: loginRequest, response: { 200: envelope(sessionData) } } }, async (request) =>
    ok(await login(ctx, request.body, request.ip, request.headers['user-agent']), 'Log-in successful!'),
  );

  // The guest account is shared on purpose (member spec, section 1): the landing page's
  // guest link signs in with these through /login's prefill.
  app.get(
    '/guest_access',
    { config: { auth: 'public' }, schema: { response: { 200: envelope(z.object({ email: z.string(), password: z.string() })) } } },
    async () => ok({ email: ctx.config.guest.email, password: ctx.config.guest.password }),
  );

  app.post(
    '/v4/register',
    { config: { auth: 'public' }, schema: { body: registerRequest, response: { 201: envelope(registerData) } } },
    async (request, reply) => {
      const data = await register(ctx, request.body, request.ip, request.headers['user-agent']);
      return reply.status(201).send(ok(data, 'Registration successful! Welcome to Manufacturing Masters.'));
    },
  );

  // The link of the registration's confirmation e-mail: opened in a browser, so it answers with the web app.
  app.get(
    '/confirm-email',
    { config: { auth: 'public' }, schema: { querystring: z.object({ token: z.string().trim().min(1).max(200) }) } },
    async (request, reply) => {
      const confirmed = await confirmEmail(ctx, request.query.token, request.ip);
      return reply.redirect(`/?email_confirmed=${confirmed ? 1 : 0}`, 303);
    },
  );

  app.post('/confirmation-email', { schema: { response: { 200: empty } } }, async (request) => ok(null, await resendConfirmation(ctx, callerOf(request))));

  app.post('/forgotpassword', { config: { auth: 'public' }, schema: { body: forgotPasswordRequest, response: { 200: empty } } }, async (request) => {
    await requestPasswordReset(ctx, request.body.email, request.ip);
    return ok(null, RESET_SENT);
  });

  app.post('/reset-password', { config: { auth: 'public' }, schema: { body: resetPasswordRequest, response: { 200: empty } } }, async (request) => {
    await resetPassword(ctx, request.body, request.ip);
    return ok(null, 'Your password has been reset. Please sign in with your new password.');
  });

  app.post('/changePassword', { schema: { body: changePasswordRequest, response: { 200: empty } } }, async (request) => {
    await changePassword(ctx, callerOf(request), request.body);
    return ok(null, 'Password changed successfully.');
  });

  // "Done" on a kiosk ends the member's session through this same call.
  app.post('/logout', { config: { guestWrites: true, kiosk: 'open' }, schema: { response: { 200: empty } } }, async (request) => {
    await revokeSession(ctx.db, callerOf(request).sessionId);
    return ok(null, 'Logout successful!!');
  });
};
