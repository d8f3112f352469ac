import { routes, type SignOffRequest } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useSignOff = () => useQualificationsWrite((body: SignOffRequest) => apiRequest(routes.signOff, { params: own(), body }));
