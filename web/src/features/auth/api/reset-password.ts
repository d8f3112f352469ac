import { type ResetPasswordRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest(routes.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
