import { type ContactExpertRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST experts/{cast_crew_id}/contact: e-mails the member's message to the expert. */
export function contactExpert({ castCrewId, body }: { castCrewId: number; body: ContactExpertRequest }) {
  return apiRequest(routes.contactExpert, { params: { cast_crew_id: castCrewId }, body });
}

export function useContactExpert() {
  return useMutation({ mutationFn: contactExpert });
}
