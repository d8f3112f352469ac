import { routes, type SetShiftRequest } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, useQualificationsWrite } from './qualifications-shared.ts';

export const useSetShift = () =>
  useQualificationsWrite(({ userId, body }: { userId: number; body: SetShiftRequest }) =>
    apiRequest(routes.organizationQualificationsPeopleShift, { params: { ...own(), userId }, body }),
  );
