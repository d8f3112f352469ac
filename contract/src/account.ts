import { z } from 'zod';
import { email, flag } from './auth.ts';
import { LOCALES } from './locales.ts';
import type { WireInput } from './route.ts';

export const profileData = z.object({
  user_id: z.number(),
  email: z.string(),
  name: z.string(),
  last_name: z.string(),
  subscription_title: z.string().nullable(),
  is_change_password: z.number(),
  is_super_user: z.number(),
  is_guest: z.number(),
  organization_id: z.number().nullable(),
  organization_name: z.string().nullable(),
  team: z.string().nullable(),
  role: z.string().nullable(),
  picture: z.string().nullable(),
  support_email: z.string(),
  /** The member's own language (null: not chosen) and their organization's default (null: none, English). */
  locale: z.enum(LOCALES).nullable(),
  organization_locale: z.enum(LOCALES).nullable(),
});
export type ProfileData = z.infer<typeof profileData>;

export const subProfilesData = z.object({
  sub_profiles: z.array(z.object({ id: z.number(), name: z.string(), picture: z.string().nullable() })),
  is_new_sub_profile_allowed: z.number(),
});
export type SubProfilesData = z.infer<typeof subProfilesData>;

export const updateProfileRequest = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters').max(100),
  email,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** The edit-info rules (member spec 5, administration spec 5). */
export const userInfoRequest = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters').max(100),
  lastName: z.string().trim().min(2, 'The last name must be at least 2 characters').max(100),
  team: z.string().trim().min(2, 'The team must be at least 2 characters').max(100).optional(),
  role: z.string().trim().min(2, 'The role must be at least 2 characters').max(100).optional(),
  mobile: z.string().trim().max(16, 'The mobile number may have at most 16 characters').default(''),
  bio: z.string().trim().max(2000).default(''),
  firstLogin: flag.optional(),
});
export type UserInfoRequest = WireInput<typeof userInfoRequest>;

export const userInfoData = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  team: z.string().nullable(),
  role: z.string().nullable(),
  bio: z.string(),
  mobile: z.string(),
  picture: z.string().nullable(),
  first_login: z.number(),
  logged_in_account: z.number(),
  is_super_user: z.number(),
});
export type UserInfoData = z.infer<typeof userInfoData>;

/** A member's own language, or null to follow their organization's default (issue 40). */
export const setLocaleRequest = z.object({ locale: z.enum(LOCALES).nullable() });
export type SetLocaleRequest = z.infer<typeof setLocaleRequest>;
