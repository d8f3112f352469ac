import { routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET get_banner_organization/{organizationId}: the organization's own banner address, or null without one. */
export function useOrganizationBanner(organizationId: number | null) {
  return useQuery({
    queryKey: ['organization-banner', organizationId],
    queryFn:
      organizationId === null
        ? skipToken
        : async () => (await apiRequest(routes.getBannerOrganization, { params: { organizationId } })).data[0]?.banner_url ?? null,
    staleTime: 5 * 60_000,
  });
}
