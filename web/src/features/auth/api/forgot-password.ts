import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: { email: string }) {
  return apiRequest<null>('/api/forgotpassword', { method: 'POST', json: body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
