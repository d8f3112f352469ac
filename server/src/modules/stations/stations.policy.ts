import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { assertCanManageOrganization, assertCanReadOrganization } from '../organization/index.ts';

/** Stations, assignments, the matrix and the audit evidence are managed by the organization's super users. */
export const assertCanManageQualifications = assertCanManageOrganization;

/** Any member of the organization reads its station list (their own row needs the names). */
export function assertCanReadStations(caller: Caller, organizationId: number): void {
  assertCanReadOrganization(caller, organizationId);
  if (caller.isGuest) throw forbidden('The guest account has no qualifications.');
}
