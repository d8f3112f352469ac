import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

export const MEMBERS_ONLY = 'Knowledge checks are taken by members of an organization.';

/** Question banks and checks are authored by a super user of the organization, for its own people. */
export const authorOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);

/** A check is taken by a member of the organization that set it, for themself; never by the guest. */
export function takerOrganizationOf(caller: Caller): number {
  if (caller.organizationId === null || caller.isGuest) throw forbidden(MEMBERS_ONLY);
  return caller.organizationId;
}
