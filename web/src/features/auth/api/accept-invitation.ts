import type { AcceptInvitationRequest, SessionData } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** Sets the invited member's password; the answer is a signed-in session. */
export function acceptInvitation(body: AcceptInvitationRequest) {
  return untypedApiRequest<SessionData>('/api/accept-invitation', { method: 'POST', json: body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
