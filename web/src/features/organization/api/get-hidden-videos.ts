import { untypedApiRequest } from '../../../lib/api-client.ts';

/** GET get_hidden_videos/{orgId}/{categoryId}?teamId=: ids of the hidden videos of one category. */
export async function getHiddenVideos(organizationId: number, categoryId: number, teamId: number | null): Promise<number[]> {
  const query = teamId === null ? '' : `?teamId=${teamId}`;
  return (await untypedApiRequest<number[]>(`/api/get_hidden_videos/${organizationId}/${categoryId}${query}`)).data;
}
