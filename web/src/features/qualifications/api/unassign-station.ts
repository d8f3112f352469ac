import { routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useUnassignStation = () =>
  useQualificationsWrite(({ stationId, userId }: { stationId: number; userId: number }) =>
    apiRequest(routes.unassignStation, { params: { ...own(), stationId, userId } }),
  );
