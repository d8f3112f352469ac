import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

export const TOOLBOX_LEADERS_ONLY = 'Only a super user or a station trainer of your organization can lead a toolbox talk.';

/**
 * A toolbox talk is led by a super user of the organization, or by a member who trains people at one of its
 * stations (issue 16), for the organization's own people only; never from a shared kiosk or the guest account.
 */
export function toolboxOrganizationOf(caller: Caller, trainsAtAStation: boolean): number {
  if (caller.isSuperUser) return managedOrganizationOf(caller);
  if (caller.organizationId === null || caller.isGuest || caller.kioskId !== null || !trainsAtAStation) throw forbidden(TOOLBOX_LEADERS_ONLY);
  return caller.organizationId;
}
