import type { OrderCategoriesRequest } from '@mm/contract';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** POST organization/edit/order-categories/{orgId}: the whole path (team_id for a team's own). */
export function orderCategories(organizationId: number, body: OrderCategoriesRequest) {
  return untypedApiRequest<null>(`/api/organization/edit/order-categories/${organizationId}`, { method: 'POST', json: body });
}
