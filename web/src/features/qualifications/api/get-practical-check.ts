import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

/** A practical check recorded on the kiosk, as its supervisor reads it (read when its details are opened). */
export function usePracticalCheck(checkId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'practical', checkId],
      queryFn: async () => (await apiRequest(routes.organizationPracticalCheck, { params: { ...own(), checkId: checkId ?? 0 } })).data,
      enabled: checkId !== null,
    }),
  );
}
