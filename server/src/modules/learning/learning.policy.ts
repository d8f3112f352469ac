import type { Caller } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

/** A member reads their own activity and certificates; a super user those of their organization; nobody another organization's. */
export function assertCanReadMember(caller: Caller, target: { id: number; organization_id: number | null } | undefined): asserts target {
  if (!target) throw notFound('User not found.');
  if (caller.userId === target.id) return;
  if (caller.organizationId !== null && caller.organizationId === target.organization_id) {
    if (caller.isSuperUser) return;
    throw forbidden("You cannot see this member's activity or certificates.");
  }
  // Another organization's member: not even their existence is told.
  throw notFound('User not found.');
}

/** People lists and rankings: members of the organization only. */
export function assertSameOrganization(caller: Caller, organizationId: number): void {
  if (caller.organizationId === null || caller.organizationId !== organizationId) throw forbidden("You cannot see another organization's people.");
}
