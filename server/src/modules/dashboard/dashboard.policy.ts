import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

export const DASHBOARD_OTHER_ORGANIZATION = 'You can only see the dashboard of your own organization.';
export const DASHBOARD_SUPER_USERS_ONLY = 'Only a super user of the organization can use the team dashboard.';

/** The dashboard and its alerts belong to the super users of that organization only. */
export function assertCanUseDashboard(caller: Caller, organizationId: number): void {
  if (caller.organizationId === null || caller.organizationId !== organizationId) throw forbidden(DASHBOARD_OTHER_ORGANIZATION);
  if (!caller.isSuperUser) throw forbidden(DASHBOARD_SUPER_USERS_ONLY);
}
