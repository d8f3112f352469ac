import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** The organization's SCIM set-up is its super users' alone (the token provisions and deactivates its members). */
export const scimOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
