import { type RestoreStudioRevisionRequest, routes, type StudioRevisionsData } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/lessons/:lessonId/revisions: the lesson's revisions, newest first. */
export async function getLessonRevisions(lessonId: number): Promise<StudioRevisionsData> {
  return (await apiRequest(routes.studioLessonRevisions, { params: { lessonId } })).data;
}

/** Read when the author opens the lesson's revisions; read again with the studio's other answers after any change. */
export function useLessonRevisions(lessonId: number, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: [...studioKey, 'revisions', lessonId], queryFn: () => getLessonRevisions(lessonId), enabled }));
}

/** POST /api/studio/lessons/:lessonId/revisions/:revision/restore: the earlier video back as the next revision. */
export function restoreLessonRevision({ lessonId, revision, ...body }: RestoreStudioRevisionRequest & { lessonId: number; revision: number }) {
  return apiRequest(routes.restoreStudioRevision, { params: { lessonId, revision }, body });
}

export function useRestoreLessonRevision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreLessonRevision, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
