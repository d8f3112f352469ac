import { routes } from '@mm/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the e-mailed link stands, read when the page opens (reading never confirms). */
export function useConfirmationState(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['confirm-email-state', token],
      queryFn: async () => (await apiRequest(routes.confirmEmailState, { query: { token } })).data.state,
      enabled: token !== '',
      retry: false,
    }),
  );
}

/** The page's button: confirms the registration's e-mail address. */
export function useConfirmEmail() {
  return useMutation({ mutationFn: async (token: string) => (await apiRequest(routes.confirmEmail, { body: { token } })).data.state });
}
