import type { Caller } from '../auth/caller.ts';
import { managedOrganizationOf } from '../organization/organization.policy.ts';

/** QR sheets are printed by a super user of the organization. */
export const qrOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
