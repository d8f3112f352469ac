import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

export function useEvidenceVerification() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'verify'],
      queryFn: async () => (await apiRequest(routes.organizationAuditPackVerify, { params: own() })).data,
    }),
  );
}
