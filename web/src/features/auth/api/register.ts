import { type RegisterRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function register(body: RegisterRequest) {
  return apiRequest(routes.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
