import { useMutation } from '@tanstack/react-query';
import { createCheckout } from '../../../lib/checkout.ts';

/** Creates the checkout and hands the browser to the provider's page. */
export function useStartCheckout(userId: number) {
  return useMutation({
    mutationFn: (planId: number) => createCheckout(userId, planId),
    onSuccess: (url) => window.location.assign(url),
  });
}
