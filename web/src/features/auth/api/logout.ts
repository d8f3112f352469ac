import { routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the session's token on the server. */
export function logout() {
  return apiRequest(routes.logout);
}
