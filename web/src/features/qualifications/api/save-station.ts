import { routes, type StationInput } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useSaveStation = () =>
  useQualificationsWrite(({ stationId, input }: { stationId: number | null; input: StationInput }) =>
    stationId === null
      ? apiRequest(routes.createStation, { params: own(), body: input })
      : apiRequest(routes.updateStation, { params: { ...own(), stationId }, body: input }),
  );
