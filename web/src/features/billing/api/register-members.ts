import type { RegisterMembersData, RegisterMembersRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function registerMembers(body: RegisterMembersRequest) {
  return untypedApiRequest<RegisterMembersData>('/api/v4/register_members', { method: 'POST', json: body });
}

export function useRegisterMembers() {
  return useMutation({ mutationFn: registerMembers });
}
