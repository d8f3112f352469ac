import { type AccountSetupRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The printed sheet's setup code sets the first password; the answer is a signed-in session. */
export function setUpAccount(body: AccountSetupRequest) {
  return apiRequest(routes.accountSetup, { body });
}

export function useAccountSetup() {
  return useMutation({ mutationFn: setUpAccount });
}
