import { type EditHiddenVideosRequest, routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST edit_hidden_videos/{orgId}/{categoryId}/0. */
export function editHiddenVideos(organizationId: number, categoryId: number, body: EditHiddenVideosRequest) {
  return apiRequest(routes.editHiddenVideos, { params: { orgId: organizationId, categoryId, flag: 0 }, body });
}
