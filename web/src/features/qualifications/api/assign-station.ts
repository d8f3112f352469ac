import { type AssignStationRequest, routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useAssignStation = () =>
  useQualificationsWrite(({ stationId, body }: { stationId: number; body: AssignStationRequest }) =>
    apiRequest(routes.assignStation, { params: { ...own(), stationId }, body }),
  );
