import { routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useRetireStation = () => useQualificationsWrite((stationId: number) => apiRequest(routes.deleteStation, { params: { ...own(), stationId } }));
