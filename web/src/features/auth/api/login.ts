import { type LoginRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function login(body: LoginRequest) {
  return apiRequest(routes.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
