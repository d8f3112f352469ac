import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** Kiosks are enrolled, listed and revoked by a super user of the organization, for its own teams only. */
export const kioskAdminOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);

/** A PIN is set by its owner, a member of an organization (the guest has no PIN: it cannot be on a team). */
export function assertCanSetPin(caller: Caller): void {
  if (caller.isGuest || caller.organizationId === null) throw forbidden('Only members of an organization have a kiosk PIN.');
}
