import { type QrCodesData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/shopfloor/qr-codes: what a QR sheet can be printed for. */
export async function getQrCodeChoices(): Promise<QrCodesData> {
  return (await apiRequest(routes.shopfloorQrCodes)).data;
}

export function useQrCodeChoices() {
  return useQuery(queryOptions({ queryKey: ['shopfloor', 'qr-codes'], queryFn: getQrCodeChoices }));
}
