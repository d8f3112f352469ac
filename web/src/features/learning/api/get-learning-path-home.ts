import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningKey } from './learning-keys.ts';

/** POST learning_path_home: the member's path with its progress and locks. */
export function useLearningPathHome() {
  return useQuery({
    queryKey: [...learningKey, 'home'],
    queryFn: async () => (await apiRequest(routes.learningPathHomeByPost)).data,
  });
}
