import { type CategoryBankData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { categoryBankKey } from './assessment-keys.ts';

/** GET /api/assessments/categories/:categoryId/bank: the category's check and its videos' questions, answers included (super users). */
export async function getCategoryBank(categoryId: number): Promise<CategoryBankData> {
  return (await apiRequest(routes.categoryAssessmentBank, { params: { categoryId } })).data;
}

export function useCategoryBank(categoryId: number) {
  return useQuery(queryOptions({ queryKey: categoryBankKey(categoryId), queryFn: () => getCategoryBank(categoryId) }));
}
