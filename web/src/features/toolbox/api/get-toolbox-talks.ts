import { routes, type ToolboxTalksData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolboxKey } from './toolbox-keys.ts';

/** GET /api/toolbox/talks: the organization's recent talks. */
export async function getToolboxTalks(): Promise<ToolboxTalksData> {
  return (await apiRequest(routes.toolboxTalks)).data;
}

export function useToolboxTalks() {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'talks'], queryFn: getToolboxTalks }));
}
