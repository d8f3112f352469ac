import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSession } from '../../../lib/session.ts';

/** Every call is under the caller's own organization (the server refuses any other). */
export const own = () => ({ orgId: getSession()?.organizationId ?? 0 });

/** The qualifications answers share this key prefix. */
export const qualificationsKey = ['qualifications'] as const;

/** Any write changes states, counts and the matrix: every qualifications answer is read again. */
export function useQualificationsWrite<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: qualificationsKey }) });
}
