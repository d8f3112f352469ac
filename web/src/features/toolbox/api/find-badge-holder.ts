import { routes, type ToolboxPerson } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/toolbox/badge?code=: the person a scanned badge names. */
export async function findBadgeHolder(code: string): Promise<ToolboxPerson> {
  return (await apiRequest(routes.toolboxBadge, { query: { code } })).data;
}
