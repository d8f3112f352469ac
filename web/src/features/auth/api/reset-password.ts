import type { ResetPasswordRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest) {
  return untypedApiRequest<null>('/api/reset-password', { method: 'POST', json: body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
