import type { RecordToolboxTalkRequest, ToolboxPerson, ToolboxSetupData, ToolboxTalk, ToolboxTalksData } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveFile, untypedApiRequest } from '../../../lib/api-client.ts';

const toolboxKey = ['toolbox'] as const;

/** GET /api/toolbox/setup: clips, teams and the chosen team's crew. */
export async function getToolboxSetup(teamId: number | null): Promise<ToolboxSetupData> {
  const query = teamId === null ? '' : `?team_id=${teamId}`;
  return (await untypedApiRequest<ToolboxSetupData>(`/api/toolbox/setup${query}`)).data;
}

export function useToolboxSetup(teamId: number | null) {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'setup', teamId], queryFn: () => getToolboxSetup(teamId) }));
}

/** GET /api/toolbox/talks: the organization's recent talks. */
export async function getToolboxTalks(): Promise<ToolboxTalksData> {
  return (await untypedApiRequest<ToolboxTalksData>('/api/toolbox/talks')).data;
}

export function useToolboxTalks() {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'talks'], queryFn: getToolboxTalks }));
}

/** POST /api/toolbox/talks: records the talk and its attendance. */
export function recordToolboxTalk(body: RecordToolboxTalkRequest) {
  return untypedApiRequest<ToolboxTalk>('/api/toolbox/talks', { method: 'POST', json: body });
}

export function useRecordToolboxTalk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordToolboxTalk, onSuccess: () => queryClient.invalidateQueries({ queryKey: toolboxKey }) });
}

/** GET /api/toolbox/talks/{id}/pdf, saved as a download. */
export async function downloadAttendanceSheet(talkId: number): Promise<void> {
  saveFile(await apiDownload(`/api/toolbox/talks/${talkId}/pdf`), `toolbox-talk-${talkId}.pdf`);
}

/** GET /api/toolbox/badge?code=: the person a scanned badge names. */
export async function findBadgeHolder(code: string): Promise<ToolboxPerson> {
  return (await untypedApiRequest<ToolboxPerson>(`/api/toolbox/badge?code=${encodeURIComponent(code)}`)).data;
}
