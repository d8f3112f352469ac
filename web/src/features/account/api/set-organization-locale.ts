import { type Locale, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile.ts';

/** The organization's default language for members who chose none (super user); null: English. */
export function setOrganizationLocale(locale: Locale | null) {
  return apiRequest(routes.setOrganizationLocale, { body: { locale } });
}

export function useSetOrganizationLocale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setOrganizationLocale, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }) });
}
