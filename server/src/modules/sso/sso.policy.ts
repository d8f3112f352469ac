import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** The organization's single sign-on connection is read and configured by its super users only. */
export const ssoAdminOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
