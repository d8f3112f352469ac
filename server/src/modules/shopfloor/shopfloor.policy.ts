import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** QR sheets are printed by a super user of the organization. */
export const qrOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
