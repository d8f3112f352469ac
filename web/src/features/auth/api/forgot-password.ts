import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: { email: string }) {
  return untypedApiRequest<null>('/api/forgotpassword', { method: 'POST', json: body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
