import type { OrganizationUser, ShareData, SharedVideoData, ShareRequest, SharingTextData, TeamSummary } from '@mm/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** POST /api/videos/share. */
export const useShareVideo = () =>
  useMutation({ mutationFn: (body: ShareRequest) => untypedApiRequest<ShareData>('/api/videos/share', { method: 'POST', json: body }) });

/** The organization's teams and users, for the super user's team-members mode. */
export const useOrganizationTeams = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'teams'],
    queryFn: async () => (await untypedApiRequest<TeamSummary[]>(`/api/organization/${orgId}/teams`)).data,
    enabled: enabled && orgId !== null,
  });

export const useOrganizationUsers = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'users'],
    queryFn: async () => (await untypedApiRequest<OrganizationUser[]>(`/api/organization/${orgId}/users`)).data,
    enabled: enabled && orgId !== null,
  });

/** GET /api/videos/share (public): the shared video, or the server's error (404 unknown, 410 expired). */
export const useSharedVideo = (uniqueId: string, token: string) =>
  useQuery({
    queryKey: ['shared-video', uniqueId, token],
    queryFn: async () => (await untypedApiRequest<SharedVideoData>(`/api/videos/share?${new URLSearchParams({ video: uniqueId, token_video: token })}`)).data,
    retry: false,
    staleTime: 60 * 60_000,
  });

export const useSharingText = () =>
  useQuery({
    queryKey: ['sharing-text'],
    queryFn: async () => (await untypedApiRequest<SharingTextData>('/api/get_text_sharing_video')).data.text,
    staleTime: Number.POSITIVE_INFINITY,
  });
