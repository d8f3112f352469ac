import type { LoginRequest, SessionData } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function login(body: LoginRequest) {
  return untypedApiRequest<SessionData>('/api/v4/login', { method: 'POST', json: body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
