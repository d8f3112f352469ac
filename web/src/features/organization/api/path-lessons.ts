import { type PathLessonsData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** GET organization/{orgId}/path-lessons?team_id=: the path's own lessons in order, and those that may be added. */
export async function getPathLessons(organizationId: number, teamId: number | null): Promise<PathLessonsData> {
  return (await apiRequest(routes.pathLessons, { params: { orgId: organizationId }, query: { team_id: teamId ?? undefined } })).data;
}

export function usePathLessons(organizationId: number, teamId: number | null) {
  return useQuery(
    queryOptions({ queryKey: [...organizationKey, 'path-lessons', organizationId, teamId], queryFn: () => getPathLessons(organizationId, teamId) }),
  );
}

/** PUT organization/{orgId}/path-lessons: the path's own lessons, in order. */
export function savePathLessons(organizationId: number, teamId: number | null, lessonIds: number[]) {
  return apiRequest(routes.savePathLessons, { params: { orgId: organizationId }, body: { team_id: teamId ?? undefined, lesson_ids: lessonIds } });
}
