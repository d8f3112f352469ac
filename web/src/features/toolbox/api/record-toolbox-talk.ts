import { type RecordToolboxTalkRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolboxKey } from './toolbox-keys.ts';

/** POST /api/toolbox/talks: records the talk and its attendance. */
export function recordToolboxTalk(body: RecordToolboxTalkRequest) {
  return apiRequest(routes.recordToolboxTalk, { body });
}

export function useRecordToolboxTalk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordToolboxTalk, onSuccess: () => queryClient.invalidateQueries({ queryKey: toolboxKey }) });
}
