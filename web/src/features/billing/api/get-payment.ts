import { type PaymentState, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getPayment(): Promise<PaymentState> {
  return (await apiRequest(routes.getPaymentByPost)).data;
}

export function usePayment() {
  return useQuery(queryOptions({ queryKey: ['billing', 'payment'], queryFn: getPayment }));
}
