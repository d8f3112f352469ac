import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { isAuthor } from './studio.queries.ts';

export const NOT_AN_AUTHOR = "Only your organization's authors and super users can use the studio.";

/** A member of an organization (not the guest): its own lessons are theirs to watch. Answers the organization. */
export function assertOrganizationMember(caller: Caller): number {
  if (caller.isGuest || caller.organizationId === null) throw forbidden("Your organization's own lessons are for its members.");
  return caller.organizationId;
}

/** The organization whose own lessons the caller may find (a member's, a kiosk's), null for the guest or a visitor. */
export function ownLessonsReader(caller: Caller): number | null {
  return caller.isGuest || caller.organizationId === null ? null : caller.organizationId;
}

/** An author or a super user of their organization: who makes its lessons. Answers the organization. */
export async function assertStudioAuthor(db: Db, caller: Caller): Promise<number> {
  if (caller.isGuest || caller.organizationId === null || caller.kioskId !== null) throw forbidden(NOT_AN_AUTHOR);
  if (caller.isSuperUser || (await isAuthor(db, caller.userId, caller.organizationId))) return caller.organizationId;
  throw forbidden(NOT_AN_AUTHOR);
}

/** A super user of their organization: who names its authors. Answers the organization. */
export function assertStudioSuperUser(caller: Caller): number {
  if (caller.isGuest || caller.organizationId === null || !caller.isSuperUser)
    throw forbidden("Only a super user names the organization's authors and reads the studio's audit log.");
  return caller.organizationId;
}
