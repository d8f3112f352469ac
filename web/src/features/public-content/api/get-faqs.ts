import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The FAQ cards (GET /api/faqs/list answers data.data); answers are HTML sanitized by the server. */
export const useFaqs = () =>
  useQuery({
    queryKey: ['faqs'],
    queryFn: async () => (await apiRequest(routes.faqsList)).data.data,
    staleTime: 5 * 60_000,
  });
