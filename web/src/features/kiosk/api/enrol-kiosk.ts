import { type EnrolKioskRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/kiosks: enrols this tablet for a team; the answer's device token is kept by the tablet only. */
export function enrolKiosk(body: EnrolKioskRequest) {
  return apiRequest(routes.enrolKiosk, { body });
}

export function useEnrolKiosk() {
  return useMutation({ mutationFn: enrolKiosk });
}
