import { type AcceptInvitationRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets the invited member's password; the answer is a signed-in session. */
export function acceptInvitation(body: AcceptInvitationRequest) {
  return apiRequest(routes.acceptInvitation, { body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
