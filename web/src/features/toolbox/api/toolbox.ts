import { type RecordToolboxTalkRequest, routes, type ToolboxPerson, type ToolboxSetupData, type ToolboxTalksData } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveFile } from '../../../lib/api-client.ts';

const toolboxKey = ['toolbox'] as const;

/** GET /api/toolbox/setup: clips, teams and the chosen team's crew. */
export async function getToolboxSetup(teamId: number | null): Promise<ToolboxSetupData> {
  return (await apiRequest(routes.toolboxSetup, { query: { team_id: teamId ?? undefined } })).data;
}

export function useToolboxSetup(teamId: number | null) {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'setup', teamId], queryFn: () => getToolboxSetup(teamId) }));
}

/** GET /api/toolbox/talks: the organization's recent talks. */
export async function getToolboxTalks(): Promise<ToolboxTalksData> {
  return (await apiRequest(routes.toolboxTalks)).data;
}

export function useToolboxTalks() {
  return useQuery(queryOptions({ queryKey: [...toolboxKey, 'talks'], queryFn: getToolboxTalks }));
}

/** POST /api/toolbox/talks: records the talk and its attendance. */
export function recordToolboxTalk(body: RecordToolboxTalkRequest) {
  return apiRequest(routes.recordToolboxTalk, { body });
}

export function useRecordToolboxTalk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordToolboxTalk, onSuccess: () => queryClient.invalidateQueries({ queryKey: toolboxKey }) });
}

/** GET /api/toolbox/talks/{id}/pdf, saved as a download. */
export async function downloadAttendanceSheet(talkId: number): Promise<void> {
  saveFile(await apiDownload(routes.toolboxTalksPdf, { params: { talkId } }), `toolbox-talk-${talkId}.pdf`);
}

/** GET /api/toolbox/badge?code=: the person a scanned badge names. */
export async function findBadgeHolder(code: string): Promise<ToolboxPerson> {
  return (await apiRequest(routes.toolboxBadge, { query: { code } })).data;
}
