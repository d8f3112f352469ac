import type { AlertsData, ComplianceItem, OptionalTrainingItem, OverallProgressData } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** The team filter of the tracker: 'optional' sends onlyEssentials 0, 'required' 1, a number is one category. */
export type TrackerFilter = 'optional' | 'required' | number;

export const dashboardKey = ['dashboard'] as const;

const scope = (organizationId: number, team: number | null) => ({ organizationId: String(organizationId), team: team === null ? '' : String(team) });
const qs = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

export function useOverallProgress(organizationId: number, team: number | null, filter: TrackerFilter) {
  const params = {
    ...scope(organizationId, team),
    categoryId: typeof filter === 'number' ? String(filter) : '',
    onlyEssentials: filter === 'required' ? '1' : '0',
  };
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'progress', organizationId, team, filter],
      queryFn: async () => (await untypedApiRequest<OverallProgressData>(`/api/get_organization_team_overall_progress${qs(params)}`)).data.overallProgress,
    }),
  );
}

export function useUsersAlerts(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'alerts', organizationId, team],
      queryFn: async () =>
        (await untypedApiRequest<AlertsData>(`/api/get_dashboard_users_alerts${qs({ ...scope(organizationId, team), categoryId: '' })}`)).data.users_alerts,
    }),
  );
}

export function useCompliance(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'compliance', organizationId, team],
      queryFn: async () => (await untypedApiRequest<ComplianceItem[]>(`/api/get_organization_compliance_report${qs(scope(organizationId, team))}`)).data,
    }),
  );
}

export function useOptionalTraining(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'optional', organizationId, team],
      queryFn: async () =>
        (await untypedApiRequest<OptionalTrainingItem[]>(`/api/get_organization_team_optional_training${qs(scope(organizationId, team))}`)).data,
    }),
  );
}

export type AlertInput = { userId: number; supervisorName: string; categoryId: number; categoryName: string; percentage: number };

/** GET dashboard/team/{userId}: alerts one member about one category. */
export function useSendAlert() {
  return useMutation({
    mutationFn: (a: AlertInput) =>
      untypedApiRequest<null>(
        `/api/dashboard/team/${a.userId}${qs({ supervisor_name: a.supervisorName, category_id: String(a.categoryId), category_name: a.categoryName, percentage: String(a.percentage) })}`,
      ),
  });
}

/** POST send_broadcast: every member of the selection who is behind. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: { organizationId: number; team: number | null; categoryId?: number }) =>
      untypedApiRequest<{ recipients: number }>('/api/send_broadcast', {
        method: 'POST',
        json: { organizationId: b.organizationId, team: b.team ?? '', categoryId: b.categoryId ?? '' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}
