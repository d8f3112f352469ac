import type { Caller } from '../auth/index.ts';
import { assertCanManageOrganization } from '../organization/index.ts';

/** People are imported into an organization by its own super users only (as Manage users adds them). */
export const assertCanImportPeople = (caller: Caller, organizationId: number): void => assertCanManageOrganization(caller, organizationId);
