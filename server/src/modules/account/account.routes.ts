import { profileData, subProfilesData, updateProfileRequest, userInfoData, userInfoRequest } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { getProfile, getSubProfiles, getUserInfo, MAX_PICTURE_BYTES, saveProfilePicture, saveUserInfo, updateProfile } from './account.service.ts';

const userParams = z.object({ userId: idParam });

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The spec calls `profile` with POST; GET is the same read. Neither writes, so the guest may call both, and a
  // kiosk session too (the member home reads it).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/profile',
      config: { guestWrites: true, kiosk: 'open' },
      schema: { response: { 200: envelope(profileData) } },
      handler: async (request) => ok(await getProfile(ctx, callerOf(request))),
    });
  }

  app.post('/sub_profiles', { config: { guestWrites: true }, schema: { response: { 200: envelope(subProfilesData) } } }, async (request) => {
    return ok(await getSubProfiles(ctx, callerOf(request)));
  });

  app.post('/updateProfile', { schema: { body: updateProfileRequest, response: { 200: envelope(z.null()) } } }, async (request) => {
    await updateProfile(ctx, callerOf(request), request.body);
    return ok(null, 'Profile updated successfully.');
  });

  app.get('/user/:userId/infos', { schema: { params: userParams, response: { 200: envelope(userInfoData) } } }, async (request) =>
    ok(await getUserInfo(ctx, callerOf(request), request.params.userId)),
  );

  app.post(
    '/user/:userId/infos',
    { schema: { params: userParams, body: userInfoRequest, response: { 201: envelope(userInfoData) } } },
    async (request, reply) => {
      const data = await saveUserInfo(ctx, callerOf(request), request.params.userId, request.body);
      return reply.status(201).send(ok(data, 'Your information was updated.'));
    },
  );

  app.post('/v4/update_profile_image', { schema: { response: { 201: envelope(z.object({ picture: z.string() })) } } }, async (request, reply) => {
    const buffer = await readUpload(request, 'picture', MAX_PICTURE_BYTES, 'The picture may be at most 5 MB.');
    const picture = await saveProfilePicture(ctx, callerOf(request), buffer);
    return reply.status(201).send(ok({ picture }, 'Your picture was updated.'));
  });
};
