import { routes, type StudioPeopleData } from '@mm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

const peopleKey = [...studioKey, 'people'] as const;

/** GET /api/studio/authors: the organization's people (authors first) holding the words of q. */
export async function getStudioPeople(q: string): Promise<StudioPeopleData> {
  return (await apiRequest(routes.studioPeople, { query: q ? { q } : {} })).data;
}

export function useStudioPeople(q: string, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: [...peopleKey, q], queryFn: () => getStudioPeople(q), enabled, placeholderData: keepPreviousData }));
}

/** PUT /api/studio/authors/:userId: makes a person an author, or no longer one. */
export function setStudioAuthor({ userId, author }: { userId: number; author: boolean }) {
  return apiRequest(routes.setStudioAuthor, { params: { userId }, body: { author } });
}

export function useSetStudioAuthor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setStudioAuthor, onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }) });
}
