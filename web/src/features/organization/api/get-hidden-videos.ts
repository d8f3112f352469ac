import { routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET get_hidden_videos/{orgId}/{categoryId}?teamId=: ids of the hidden videos of one category. */
export async function getHiddenVideos(organizationId: number, categoryId: number, teamId: number | null): Promise<number[]> {
  return (await apiRequest(routes.getHiddenVideos, { params: { orgId: organizationId, categoryId }, query: { teamId: teamId ?? undefined } })).data;
}
