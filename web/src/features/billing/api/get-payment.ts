import type { PaymentState } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export async function getPayment(): Promise<PaymentState> {
  return (await untypedApiRequest<PaymentState>('/api/get-payment', { method: 'POST' })).data;
}

export function usePayment() {
  return useQuery(queryOptions({ queryKey: ['billing', 'payment'], queryFn: getPayment }));
}
