import type { ResetPasswordRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest<null>('/api/reset-password', { method: 'POST', json: body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
