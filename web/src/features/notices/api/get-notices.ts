import { type NoticesData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { noticesKey } from './notices-keys.ts';

/** New alerts show up within a minute, and at once when the member comes back to the window. */
const POLL_MS = 60_000;

/** GET notices: the caller's latest notices and their unread count. */
export async function getNotices(): Promise<NoticesData> {
  return (await apiRequest(routes.notices)).data;
}

export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: [...noticesKey, 'list'],
    queryFn: getNotices,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export function useNotices() {
  return useQuery(noticesQueryOptions());
}
