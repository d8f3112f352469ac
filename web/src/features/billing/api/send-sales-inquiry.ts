import { routes, type SalesInquiryRequest } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST sales-inquiry: the enterprise "talk to us" form, e-mailed to the platform's sales address. */
export function sendSalesInquiry(body: SalesInquiryRequest) {
  return apiRequest(routes.salesInquiry, { body });
}

export function useSendSalesInquiry() {
  return useMutation({ mutationFn: sendSalesInquiry });
}
