import { routes, type SsoFinishRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/sso/finish: the identity provider's answer, checked by the server; a session when it holds. */
export function finishSso(body: SsoFinishRequest) {
  return apiRequest(routes.ssoFinish, { body });
}

export function useFinishSso() {
  return useMutation({ mutationFn: finishSso });
}
