import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

export const SUPER_USER_ONLY = 'Only the super user of your organization can manage its subscription.';

/** Billing is per organization: a caller without one (should not happen for members) has none to read. */
export function organizationOf(caller: Caller): number {
  if (caller.organizationId === null) throw forbidden('Your account does not belong to an organization.');
  return caller.organizationId;
}

export const BILLING_SUPER_USER_ONLY = 'Only the super user of your organization can see its payments and invoices.';

/**
 * Who manages the organization's billing (amounts, invoices, checkout): the super user, or anyone of a newly
 * registered organization that has no super user yet (its first payer becomes it). Members see the plan read-only.
 */
export const managesBilling = (caller: Caller, organizationHasSuperUser: boolean): boolean => caller.isSuperUser || !organizationHasSuperUser;

export function assertCanCheckout(caller: Caller, organizationHasSuperUser: boolean): void {
  if (!managesBilling(caller, organizationHasSuperUser)) throw forbidden(SUPER_USER_ONLY);
}

export function assertCanReadPayments(caller: Caller, organizationHasSuperUser: boolean): void {
  if (!managesBilling(caller, organizationHasSuperUser)) throw forbidden(BILLING_SUPER_USER_ONLY);
}

export function assertSuperUser(caller: Caller, message = SUPER_USER_ONLY): void {
  if (!caller.isSuperUser) throw forbidden(message);
}
