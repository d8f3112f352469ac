import { z } from 'zod';
import { profileData, setLocaleRequest, subProfilesData, updateProfileRequest, userInfoData, userInfoRequest } from '../account.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { userParams } from './params.ts';

/** The signed-in member's own profile and details. */
export const accountRoutes = defineRoutes('account', {
  profile: defineRoute({ method: 'GET', path: '/api/profile', summary: "The signed-in member's profile", answer: profileData }),
  /** The spec calls `profile` with POST; the same read. */
  profileByPost: defineRoute({ method: 'POST', path: '/api/profile', summary: "The signed-in member's profile (the spec's POST)", answer: profileData }),
  subProfiles: defineRoute({ method: 'POST', path: '/api/sub_profiles', summary: 'The sub-profiles of the signed-in account', answer: subProfilesData }),
  updateProfile: defineRoute({
    method: 'POST',
    path: '/api/updateProfile',
    summary: "Change the member's name, e-mail or preferences",
    body: updateProfileRequest,
    answer: z.null(),
  }),
  setLocale: defineRoute({
    method: 'POST',
    path: '/api/set_locale',
    summary: "Choose the member's own language (null: the organization's default)",
    body: setLocaleRequest,
    answer: z.null(),
  }),
  setOrganizationLocale: defineRoute({
    method: 'POST',
    path: '/api/set_organization_locale',
    summary: "Choose the organization's default language for its members (super user; null: English)",
    body: setLocaleRequest,
    answer: z.null(),
  }),
  userInfo: defineRoute({
    method: 'GET',
    path: '/api/user/:userId/infos',
    summary: "A member's personal details (team, role, bio, mobile)",
    params: userParams,
    answer: userInfoData,
  }),
  saveUserInfo: defineRoute({
    method: 'POST',
    path: '/api/user/:userId/infos',
    summary: "Save a member's personal details",
    params: userParams,
    body: userInfoRequest,
    answer: userInfoData,
    status: 201,
  }),
  updateProfileImage: defineRoute({
    method: 'POST',
    path: '/api/v4/update_profile_image',
    summary: "Upload the member's profile picture",
    upload: true,
    answer: z.object({ picture: z.string() }),
    status: 201,
  }),
});
