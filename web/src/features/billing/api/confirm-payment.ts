import type { ConfirmPaymentData, ConfirmPaymentRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function confirmPayment(body: ConfirmPaymentRequest) {
  return untypedApiRequest<ConfirmPaymentData>('/api/v4/subscriptions_payment', { method: 'POST', json: body });
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
