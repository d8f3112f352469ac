import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const PREPARING_POLL_MS = 2000;

/** GET /api/videos/share (public): the shared video, or the server's error (404 unknown, 410 expired). */
export const useSharedVideo = (uniqueId: string, token: string) =>
  useQuery({
    queryKey: ['shared-video', uniqueId, token],
    queryFn: async () => (await apiRequest(routes.sharedVideo, { query: { video: uniqueId, token_video: token } })).data,
    retry: false,
    staleTime: 60 * 60_000,
    // While its streams are prepared (a first start) the page asks again until it plays.
    refetchInterval: (query) => (query.state.data?.preparing ? PREPARING_POLL_MS : false),
  });
