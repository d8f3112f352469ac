import type { ContactExpertRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** POST experts/{cast_crew_id}/contact: e-mails the member's message to the expert. */
export function contactExpert({ castCrewId, body }: { castCrewId: number; body: ContactExpertRequest }) {
  return untypedApiRequest<unknown>(`/api/experts/${castCrewId}/contact`, { method: 'POST', json: body });
}

export function useContactExpert() {
  return useMutation({ mutationFn: contactExpert });
}
