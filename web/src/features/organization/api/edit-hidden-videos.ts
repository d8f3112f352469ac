import type { EditHiddenVideosRequest } from '@mm/contract';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** POST edit_hidden_videos/{orgId}/{categoryId}/0. */
export function editHiddenVideos(organizationId: number, categoryId: number, body: EditHiddenVideosRequest) {
  return untypedApiRequest<null>(`/api/edit_hidden_videos/${organizationId}/${categoryId}/0`, { method: 'POST', json: body });
}
