import { type AuditVerificationQuery, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

/** The chain checked, against a head the organization kept when one is given. */
export function useEvidenceVerification(kept: AuditVerificationQuery = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'verify', kept.head ?? null, kept.head_at ?? null],
      queryFn: async () => (await apiRequest(routes.organizationAuditPackVerify, { params: own(), query: kept })).data,
      retry: false,
    }),
  );
}
