import { SHARING_MESSAGES } from '@mm/contract';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

export type ShareMode = { emails: string[]; teamMembers: number[]; teamId: number | undefined; allOrganization: boolean; organizationId: number | undefined };

/**
 * Who may share how (member spec, sections 5 and 6): the guest never; an ordinary member by e-mail
 * only; a super user also with members of their own organization's teams or the whole organization.
 */
export function assertMayShare(caller: Caller, mode: ShareMode): void {
  if (caller.isGuest) throw forbidden(SHARING_MESSAGES.guest);
  if (mode.organizationId !== undefined && mode.organizationId !== caller.organizationId) throw forbidden();
  const toOrganization = mode.teamMembers.length > 0 || mode.teamId !== undefined || mode.allOrganization;
  if (toOrganization && (!caller.isSuperUser || caller.organizationId === null)) throw forbidden(SHARING_MESSAGES.teamOnlySuperUser);
  if (!toOrganization && mode.emails.length === 0) throw badRequest(SHARING_MESSAGES.noRecipient);
}
