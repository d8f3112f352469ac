import { routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type AlertInput = { userId: number; supervisorName: string; categoryId: number; categoryName: string; percentage: number };

/** GET dashboard/team/{userId}: alerts one member about one category. */
export function useSendAlert() {
  return useMutation({
    mutationFn: (alert: AlertInput) =>
      apiRequest(routes.sendDashboardAlert, {
        params: { userId: alert.userId },
        query: { supervisor_name: alert.supervisorName, category_id: alert.categoryId, category_name: alert.categoryName, percentage: alert.percentage },
      }),
  });
}
