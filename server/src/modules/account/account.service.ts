import path from 'node:path';
import {
  isLocale,
  type ProfileData,
  type SetLocaleRequest,
  type SubProfilesData,
  type UpdateProfileRequest,
  type UserInfoData,
  type UserInfoRequest,
} from '@mm/contract';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { newToken } from '../../lib/crypto.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { findAccessSubscription } from '../billing/index.ts';
import { findOrCreateTeam } from '../organization/index.ts';
import { setDefaultLocale } from '../tenancy/index.ts';
import { emailTaken, findUserById, type UserWithOrg, updateUser } from '../users/index.ts';
import { assertCanEditUserInfo, assertCanReadUser, assertSuperUserOfOrganization, TEAM_ROLE_LOCKED } from './account.policy.ts';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const PICTURE_SIZE = 256;

async function currentUser(ctx: AppContext, caller: Caller): Promise<UserWithOrg> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw unauthorized();
  return user;
}

async function subscriptionTitle(ctx: AppContext, organizationId: number | null): Promise<string | null> {
  if (organizationId === null) return null;
  const subscription = await findAccessSubscription(ctx.db, organizationId);
  if (!subscription) return null;
  return subscription.plan_title ?? (subscription.status === 'trialing' ? 'Free trial' : null);
}

export async function getProfile(ctx: AppContext, caller: Caller): Promise<ProfileData> {
  const user = await currentUser(ctx, caller);
  return {
    user_id: user.id,
    email: user.email ?? '',
    name: user.name,
    last_name: user.last_name,
    subscription_title: await subscriptionTitle(ctx, user.organization_id),
    is_change_password: user.is_change_password,
    is_super_user: user.is_super_user,
    is_guest: user.is_guest,
    organization_id: user.organization_id,
    organization_name: user.organization_name,
    team: user.team_name,
    role: user.role,
    picture: user.picture,
    support_email: ctx.config.supportEmail,
    locale: isLocale(user.locale) ? user.locale : null,
    organization_locale: isLocale(user.organization_locale) ? user.organization_locale : null,
  };
}

/** One profile per account (see docs/decisions.md): the list holds the account itself. */
export async function getSubProfiles(ctx: AppContext, caller: Caller): Promise<SubProfilesData> {
  const user = await currentUser(ctx, caller);
  return { sub_profiles: [{ id: user.id, name: user.name, picture: user.picture }], is_new_sub_profile_allowed: 0 };
}

export async function updateProfile(ctx: AppContext, caller: Caller, input: UpdateProfileRequest): Promise<void> {
  if (await emailTaken(ctx.db, input.email, caller.userId)) throw conflict('The email has already been taken.');
  await updateUser(ctx.db, caller.userId, { name: input.name, email: input.email });
}

/** The member's own language; null follows their organization's default. */
export async function setLocale(ctx: AppContext, caller: Caller, input: SetLocaleRequest): Promise<void> {
  await updateUser(ctx.db, caller.userId, { locale: input.locale });
}

/** The organization's default language for members who chose none: its super users only. */
export async function setOrganizationLocale(ctx: AppContext, caller: Caller, input: SetLocaleRequest): Promise<void> {
  assertSuperUserOfOrganization(caller);
  await setDefaultLocale(ctx.db, caller.organizationId, input.locale);
}

function toUserInfo(user: UserWithOrg): UserInfoData {
  return {
    id: user.id,
    name: user.name,
    last_name: user.last_name,
    team: user.team_name,
    role: user.role,
    bio: user.bio,
    mobile: user.mobile,
    picture: user.picture,
    first_login: user.first_login,
    logged_in_account: user.logged_in_account,
    is_super_user: user.is_super_user,
  };
}

async function targetUser(ctx: AppContext, userId: number): Promise<UserWithOrg> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User not found.');
  return user;
}

export async function getUserInfo(ctx: AppContext, caller: Caller, userId: number): Promise<UserInfoData> {
  const user = await targetUser(ctx, userId);
  assertCanReadUser(caller, user);
  return toUserInfo(user);
}

export async function saveUserInfo(ctx: AppContext, caller: Caller, userId: number, input: UserInfoRequest & { mobile: string; bio: string }) {
  const user = await targetUser(ctx, userId);
  assertCanEditUserInfo(caller, user);
  const teamChanged = input.team !== undefined && input.team !== (user.team_name ?? '');
  const roleChanged = input.role !== undefined && input.role !== (user.role ?? '');
  if ((teamChanged || roleChanged) && !caller.isSuperUser) throw forbidden(TEAM_ROLE_LOCKED);
  if (teamChanged && user.organization_id === null) throw badRequest('This account has no organization to hold a team.');
  const teamId = teamChanged && input.team && user.organization_id !== null ? await findOrCreateTeam(ctx.db, user.organization_id, input.team) : user.team_id;
  const firstLoginDone = input.firstLogin === 1 && user.first_login === 1;
  await updateUser(ctx.db, user.id, {
    name: input.name,
    last_name: input.lastName,
    mobile: input.mobile,
    bio: input.bio,
    team_id: teamId,
    role: roleChanged ? (input.role ?? null) : user.role,
    // The first-login save closes the first-login flow once (administration spec, section 4).
    ...(firstLoginDone ? { first_login: 0, logged_in_account: user.logged_in_account + 1 } : {}),
  });
  return toUserInfo(await targetUser(ctx, user.id));
}

/** Re-encodes any accepted image to a square WebP: strips metadata and anything hidden in the file. */
export async function saveProfilePicture(ctx: AppContext, caller: Caller, file: Buffer): Promise<string> {
  let encoded: Buffer;
  try {
    encoded = await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('The picture must be a JPEG, PNG, WebP or GIF image.');
  }
  const url = `/uploads/avatars/${newToken()}.webp`;
  // The URL is the key in the store with a leading slash (/uploads/ serves the store's uploads/ folder).
  await ctx.storage.put(url.slice(1), encoded, 'image/webp');
  const previous = (await currentUser(ctx, caller)).picture;
  await updateUser(ctx.db, caller.userId, { picture: url });
  if (previous?.startsWith('/uploads/avatars/')) await ctx.storage.delete(`uploads/avatars/${path.basename(previous)}`);
  return url;
}
