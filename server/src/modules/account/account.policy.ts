import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

type Target = { id: number; organization_id: number | null };

/** A member reads their own info; a super user also reads the people of their organization. */
export function assertCanReadUser(caller: Caller, target: Target): void {
  if (caller.userId === target.id) return;
  if (caller.isSuperUser && caller.organizationId !== null && caller.organizationId === target.organization_id) return;
  throw forbidden("You cannot see this user's information.");
}

/** Profile info is changed by its owner only; team and role only by a super user (edit-info rules). */
export function assertCanEditUserInfo(caller: Caller, target: Target): void {
  if (caller.userId !== target.id) throw forbidden("You cannot change another user's information.");
}

export const TEAM_ROLE_LOCKED = 'Only a super user can change the team and role.';

export const ORGANIZATION_LOCALE_SUPER_USER = "Only a super user can choose the organization's language.";

/** Organization-wide settings are a super user's of that organization (the guest and kiosk sessions never reach them). */
export function assertSuperUserOfOrganization(caller: Caller): asserts caller is Caller & { organizationId: number } {
  if (!caller.isSuperUser || caller.organizationId === null) throw forbidden(ORGANIZATION_LOCALE_SUPER_USER);
}
