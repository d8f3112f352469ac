import { type RegisterMembersRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function registerMembers(body: RegisterMembersRequest) {
  return apiRequest(routes.registerMembers, { body });
}

export function useRegisterMembers() {
  return useMutation({ mutationFn: registerMembers });
}
