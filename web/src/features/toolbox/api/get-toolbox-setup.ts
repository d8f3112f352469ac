import { routes, type ToolboxSetupData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolboxKey } from './toolbox-keys.ts';

/** GET /api/toolbox/setup: clips, teams and the chosen team's crew. */
export async function getToolboxSetup(teamId: number | null): Promise<ToolboxSetupData> {
  return (await apiRequest(routes.toolboxSetup, { query: { team_id: teamId ?? undefined } })).data;
}

export function useToolboxSetup(teamId: number | null) {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'setup', teamId], queryFn: () => getToolboxSetup(teamId) }));
}
