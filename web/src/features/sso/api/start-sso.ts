import { routes, type SsoStartRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/sso/start: where to send the browser for this e-mail's company account. */
export function startSso(body: SsoStartRequest) {
  return apiRequest(routes.ssoStart, { body });
}

export function useStartSso() {
  return useMutation({ mutationFn: startSso });
}
