import { routes, type ShareRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/videos/share. */
export const useShareVideo = () => useMutation({ mutationFn: (body: ShareRequest) => apiRequest(routes.shareVideo, { body }) });
