import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';

export const SUPER_USER_ONLY = 'Only the super user of your organization can manage its subscription.';

/** Billing is per organization: a caller without one (should not happen for members) has none to read. */
export function organizationOf(caller: Caller): number {
  if (caller.organizationId === null) throw forbidden('Your account does not belong to an organization.');
  return caller.organizationId;
}

/** Checkout: the super user, or anyone of a newly registered organization that has no super user yet (its first payer becomes it). */
export function assertCanCheckout(caller: Caller, organizationHasSuperUser: boolean): void {
  if (!caller.isSuperUser && organizationHasSuperUser) throw forbidden(SUPER_USER_ONLY);
}

export function assertSuperUser(caller: Caller, message = SUPER_USER_ONLY): void {
  if (!caller.isSuperUser) throw forbidden(message);
}
