import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

/** A member's watch history is theirs; a super user also reads the members of their organization. */
export function assertCanReadHistory(caller: Caller, target: { id: number; organization_id: number | null }): void {
  if (caller.userId === target.id) return;
  if (caller.isSuperUser && caller.organizationId !== null && caller.organizationId === target.organization_id) return;
  throw forbidden("You cannot see this user's history.");
}
