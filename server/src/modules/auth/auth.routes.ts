import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import {
  changePassword,
  confirmationState,
  confirmEmail,
  login,
  loginWithEmployeeNumber,
  RESET_SENT,
  register,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  setUpAccount,
} from './auth.service.ts';
import { callerOf } from './caller.ts';
import { revokeSession } from './sessions.queries.ts';

const open = { auth: 'public' } as const;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.login),
    config: open,
    handler: async (request) => ok(await login(ctx, request.body, request.ip, request.headers['user-agent']), 'Log-in successful!'),
  });

  app.route({
    ...contractRoute(routes.employeeLogin),
    config: open,
    handler: async (request) => ok(await loginWithEmployeeNumber(ctx, request.body, request.ip, request.headers['user-agent']), 'Log-in successful!'),
  });

  app.route({
    ...contractRoute(routes.accountSetup),
    config: open,
    handler: async (request) =>
      ok(await setUpAccount(ctx, request.body, request.ip, request.headers['user-agent']), 'Your password is set. Welcome to Manufacturing Masters.'),
  });

  // The guest account is shared on purpose (member spec, section 1): the landing page's
  // guest link signs in with these through /login's prefill.
  app.route({
    ...contractRoute(routes.guestAccess),
    config: open,
    handler: async () => ok({ email: ctx.config.guest.email, password: ctx.config.guest.password }),
  });

  app.route({
    ...contractRoute(routes.register),
    config: open,
    handler: async (request, reply) => {
      const data = await register(ctx, request.body, request.ip, request.headers['user-agent'], request.locale);
      return reply.status(201).send(ok(data, 'Registration successful! Welcome to Manufacturing Masters.'));
    },
  });

  // The registration's confirmation: the e-mailed link opens the web page, whose button posts the token.
  app.route({
    ...contractRoute(routes.confirmEmail),
    config: open,
    handler: async (request) => ok({ state: await confirmEmail(ctx, request.body.token, request.ip) }),
  });
  app.route({
    ...contractRoute(routes.confirmEmailState),
    config: open,
    handler: async (request) => ok({ state: await confirmationState(ctx, request.query.token, request.ip) }),
  });
  // Links sent before the page existed: they lead to it and change nothing (GET and HEAD never confirm).
  app.route({
    ...contractRoute(routes.confirmEmailLink),
    config: open,
    handler: async (request, reply) => reply.redirect(`/confirm-email?token=${encodeURIComponent(request.query.token)}`, 303),
  });

  app.route({
    ...contractRoute(routes.resendConfirmation),
    handler: async (request) => ok(null, await resendConfirmation(ctx, callerOf(request), request.locale)),
  });

  app.route({
    ...contractRoute(routes.forgotPassword),
    config: open,
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return ok(null, RESET_SENT);
    },
  });

  app.route({
    ...contractRoute(routes.resetPassword),
    config: open,
    handler: async (request) => {
      await resetPassword(ctx, request.body, request.ip);
      return ok(null, 'Your password has been reset. Please sign in with your new password.');
    },
  });

  app.route({
    ...contractRoute(routes.changePassword),
    handler: async (request) => {
      await changePassword(ctx, callerOf(request), request.body);
      return ok(null, 'Password changed successfully.');
    },
  });

  // "Done" on a kiosk ends the member's session through this same call.
  app.route({
    ...contractRoute(routes.logout),
    config: { guestWrites: true, kiosk: 'open' },
    handler: async (request) => {
      await revokeSession(ctx.db, callerOf(request).sessionId);
      return ok(null, 'Logout successful!!');
    },
  });
};
