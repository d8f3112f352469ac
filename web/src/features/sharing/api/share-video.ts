import { routes, type ShareRequest } from '@mm/contract';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/videos/share. */
export const useShareVideo = () => useMutation({ mutationFn: (body: ShareRequest) => apiRequest(routes.shareVideo, { body }) });

/** The organization's teams and users, for the super user's team-members mode. */
export const useOrganizationTeams = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'teams'],
    queryFn: enabled && orgId !== null ? async () => (await apiRequest(routes.organizationTeams, { params: { orgId } })).data : skipToken,
  });

export const useOrganizationUsers = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'users'],
    queryFn: enabled && orgId !== null ? async () => (await apiRequest(routes.organizationUsers, { params: { orgId } })).data : skipToken,
  });

/** GET /api/videos/share (public): the shared video, or the server's error (404 unknown, 410 expired). */
export const useSharedVideo = (uniqueId: string, token: string) =>
  useQuery({
    queryKey: ['shared-video', uniqueId, token],
    queryFn: async () => (await apiRequest(routes.sharedVideo, { query: { video: uniqueId, token_video: token } })).data,
    retry: false,
    staleTime: 60 * 60_000,
  });

export const useSharingText = () =>
  useQuery({
    queryKey: ['sharing-text'],
    queryFn: async () => (await apiRequest(routes.getTextSharingVideo)).data.text,
    staleTime: Number.POSITIVE_INFINITY,
  });
