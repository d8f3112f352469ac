import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { callerOf } from '../auth/index.ts';
import {
  getProfile,
  getSubProfiles,
  getUserInfo,
  MAX_PICTURE_BYTES,
  saveProfilePicture,
  saveUserInfo,
  setLocale,
  setOrganizationLocale,
  updateProfile,
} from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The spec calls `profile` with POST; GET is the same read. Neither writes, so the guest may call both, and a
  // kiosk session too (the member home reads it).
  for (const route of [routes.profile, routes.profileByPost]) {
    app.route({
      ...contractRoute(route),
      config: { guestWrites: true, kiosk: 'open' },
      handler: async (request) => ok(await getProfile(ctx, callerOf(request))),
    });
  }

  app.route({
    ...contractRoute(routes.subProfiles),
    config: { guestWrites: true },
    handler: async (request) => ok(await getSubProfiles(ctx, callerOf(request))),
  });

  app.route({
    ...contractRoute(routes.updateProfile),
    handler: async (request) => {
      await updateProfile(ctx, callerOf(request), request.body);
      return ok(null, 'Profile updated successfully.');
    },
  });

  app.route({
    ...contractRoute(routes.setLocale),
    handler: async (request) => {
      await setLocale(ctx, callerOf(request), request.body);
      // Confirmed in the language just chosen.
      if (request.body.locale) request.locale = request.body.locale;
      return ok(null, 'Your language was saved.');
    },
  });

  app.route({
    ...contractRoute(routes.setOrganizationLocale),
    handler: async (request) => {
      await setOrganizationLocale(ctx, callerOf(request), request.body);
      return ok(null, "Your organization's language was saved.");
    },
  });

  app.route({
    ...contractRoute(routes.userInfo),
    handler: async (request) => ok(await getUserInfo(ctx, callerOf(request), request.params.userId)),
  });

  app.route({
    ...contractRoute(routes.saveUserInfo),
    handler: async (request, reply) => {
      const data = await saveUserInfo(ctx, callerOf(request), request.params.userId, request.body);
      return reply.status(201).send(ok(data, 'Your information was updated.'));
    },
  });

  app.route({
    ...contractRoute(routes.updateProfileImage),
    handler: async (request, reply) => {
      const buffer = await readUpload(request, 'picture', MAX_PICTURE_BYTES, 'The picture may be at most 5 MB.');
      const picture = await saveProfilePicture(ctx, callerOf(request), buffer);
      return reply.status(201).send(ok({ picture }, 'Your picture was updated.'));
    },
  });
};
