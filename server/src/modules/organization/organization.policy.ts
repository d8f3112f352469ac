import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

export const NOT_YOUR_ORGANIZATION = 'You can only manage your own organization.';
export const SUPER_USERS_ONLY = 'Only a super user of the organization can do this.';

/** Users, teams, banner and learning paths are managed by a super user of that organization only. */
export function assertCanManageOrganization(caller: Caller, organizationId: number): void {
  if (caller.organizationId === null || caller.organizationId !== organizationId) throw forbidden(NOT_YOUR_ORGANIZATION);
  if (!caller.isSuperUser) throw forbidden(SUPER_USERS_ONLY);
}

/** The caller's own organization, for calls whose path names a team or user instead of the organization. */
export function managedOrganizationOf(caller: Caller): number {
  if (caller.organizationId === null) throw forbidden(NOT_YOUR_ORGANIZATION);
  assertCanManageOrganization(caller, caller.organizationId);
  return caller.organizationId;
}

/** Any member reads their organization's banner (the home page shows it). */
export function assertCanReadOrganization(caller: Caller, organizationId: number): void {
  if (caller.organizationId !== organizationId) throw forbidden(NOT_YOUR_ORGANIZATION);
}

export const CANNOT_DELETE_YOURSELF = 'You cannot delete your own account here.';
