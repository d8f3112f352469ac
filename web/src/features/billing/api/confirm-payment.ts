import { type ConfirmPaymentRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function confirmPayment(body: ConfirmPaymentRequest) {
  return apiRequest(routes.subscriptionsPayment, { body });
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
