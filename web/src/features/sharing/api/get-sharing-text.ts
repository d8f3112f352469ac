import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const useSharingText = () =>
  useQuery({
    queryKey: ['sharing-text'],
    queryFn: async () => (await apiRequest(routes.getTextSharingVideo)).data.text,
    staleTime: Number.POSITIVE_INFINITY,
  });
