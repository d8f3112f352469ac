import { untypedApiRequest } from '../../../lib/api-client.ts';

/** Revokes the session's token on the server. */
export function logout() {
  return untypedApiRequest<null>('/api/logout', { method: 'POST' });
}
