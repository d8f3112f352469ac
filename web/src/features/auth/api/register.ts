import type { RegisterData, RegisterRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function register(body: RegisterRequest) {
  return untypedApiRequest<RegisterData>('/api/v4/register', { method: 'POST', json: body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
