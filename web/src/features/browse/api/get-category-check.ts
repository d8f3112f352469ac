import { type MemberCheckData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/assessments/categories/:categoryId/check: the check at the end of the category, as the member sees it (null: none). */
export async function getCategoryCheck(categoryId: number): Promise<MemberCheckData> {
  return (await apiRequest(routes.memberCategoryCheck, { params: { categoryId } })).data;
}

export function useCategoryCheck(categoryId: number, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: ['assessments', 'check', 'category', categoryId], queryFn: () => getCategoryCheck(categoryId), enabled }));
}
