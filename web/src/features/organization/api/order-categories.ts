import { type OrderCategoriesRequest, routes } from '@mm/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST organization/edit/order-categories/{orgId}: the whole path (team_id for a team's own). */
export function orderCategories(organizationId: number, body: OrderCategoriesRequest) {
  return apiRequest(routes.organizationEditOrderCategories, { params: { orgId: organizationId }, body });
}
