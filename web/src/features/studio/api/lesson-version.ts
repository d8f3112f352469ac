import { routes, type StudioVersionLang, type StudioVersionRequest } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

const versionKey = (lessonId: number, lang: StudioVersionLang) => [...studioKey, 'version', lessonId, lang] as const;

/**
 * GET /api/studio/lessons/:lessonId/versions/:lang: the narrated version's saved script (else Apertium's draft) and
 * its rendition; asked again every 2 seconds while it renders.
 */
export function useLessonVersion(lessonId: number, lang: StudioVersionLang, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: versionKey(lessonId, lang),
      queryFn: async () => (await apiRequest(routes.studioLessonVersion, { params: { lessonId, lang } })).data,
      enabled,
      retry: false,
      refetchInterval: (query) => (query.state.data?.media_state === 'processing' ? 2000 : false),
    }),
  );
}

/** PUT /api/studio/lessons/:lessonId/versions/:lang: saves the translated steps and renders the version in the background. */
export function renderLessonVersion({ lessonId, lang, ...body }: StudioVersionRequest & { lessonId: number; lang: StudioVersionLang }) {
  return apiRequest(routes.renderStudioLessonVersion, { params: { lessonId, lang }, body });
}

export function useRenderLessonVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renderLessonVersion,
    onSuccess: ({ data }, { lessonId, lang }) => queryClient.setQueryData(versionKey(lessonId, lang), data),
  });
}
