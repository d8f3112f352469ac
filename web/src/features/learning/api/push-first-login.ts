import { type FirstLoginPushData, routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST user/{userId}/updateFirstLoginInLibraryPush: the library's first-visit push is shown once. */
export async function pushFirstLogin(userId: number): Promise<FirstLoginPushData> {
  return (await apiRequest(routes.userUpdateFirstLoginInLibraryPush, { params: { userId } })).data;
}
