import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET certificates/verify/{code}: anyone checks a certificate by the code printed on it. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: ['achievements', 'verify', code],
    retry: false,
    queryFn: async () => (await apiRequest(routes.certificatesVerify, { params: { code: encodeURIComponent(code) } })).data,
  });
}
