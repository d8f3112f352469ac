import { z } from 'zod';
import { profileData, subProfilesData, updateProfileRequest, userInfoData, userInfoRequest } from './account.ts';
import { defineRoute, idParam } from './route.ts';

const userParams = z.object({ userId: idParam });

/**
 * Every call of the API, by name: the one table the server registers its routes from and the web calls through
 * (`apiRequest(routes.profile)`). Paths and fields are the spec's.
 */
export const routes = {
  // Account (member spec 5).
  profile: defineRoute({ method: 'GET', path: '/api/profile', answer: profileData }),
  /** The spec calls `profile` with POST; the same read. */
  profileByPost: defineRoute({ method: 'POST', path: '/api/profile', answer: profileData }),
  subProfiles: defineRoute({ method: 'POST', path: '/api/sub_profiles', answer: subProfilesData }),
  updateProfile: defineRoute({ method: 'POST', path: '/api/updateProfile', body: updateProfileRequest, answer: z.null() }),
  userInfo: defineRoute({ method: 'GET', path: '/api/user/:userId/infos', params: userParams, answer: userInfoData }),
  saveUserInfo: defineRoute({ method: 'POST', path: '/api/user/:userId/infos', params: userParams, body: userInfoRequest, answer: userInfoData, status: 201 }),
  updateProfileImage: defineRoute({
    method: 'POST',
    path: '/api/v4/update_profile_image',
    upload: true,
    answer: z.object({ picture: z.string() }),
    status: 201,
  }),
} as const;

export type RouteName = keyof typeof routes;
