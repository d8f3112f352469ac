import { type MarkNoticesReadData, type MarkNoticesReadRequest, type NoticesData, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { noticesQueryOptions } from './get-notices.ts';

/** POST notices/read: the listed notices, or every notice of the caller when `ids` is left out. */
export async function markNoticesRead(ids?: number[]): Promise<MarkNoticesReadData> {
  const body: MarkNoticesReadRequest = ids ? { ids } : {};
  return (await apiRequest(routes.noticesRead, { body })).data;
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    // The answer carries the new unread count: the list is updated in place, no second call.
    onSuccess: ({ unread }, ids) => {
      queryClient.setQueryData(noticesQueryOptions().queryKey, (old: NoticesData | undefined) =>
        old ? { unread, notices: old.notices.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n)) } : old,
      );
    },
  });
}
