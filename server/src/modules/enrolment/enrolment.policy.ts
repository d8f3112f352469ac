import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** People are enrolled (sheets printed, files imported) by a super user of their organization only. */
export const enrollingOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
