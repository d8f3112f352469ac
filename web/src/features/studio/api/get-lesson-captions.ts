import { routes, type StudioCaptionsData, type StudioVersionLang } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CaptionsChoice } from '../lib/captions-choice.ts';
import { studioKey } from './studio-keys.ts';

/**
 * GET /api/studio/lessons/:lessonId/captions: the lesson's cues of one language (its English track, else its first,
 * without `lang`), its tracks and its video, for the captions editor.
 */
export async function getLessonCaptions(lessonId: number, lang?: string): Promise<StudioCaptionsData> {
  return (await apiRequest(routes.studioLessonCaptions, { params: { lessonId }, query: lang ? { lang } : {} })).data;
}

export const lessonCaptionsKey = (lessonId: number, lang?: string) => [...studioKey, 'captions', lessonId, lang ?? ''] as const;

/** GET /api/studio/lessons/:lessonId/versions/:lang/captions: a narrated version's cues (each marked machine or author) and its video. */
export async function getVersionCaptions(lessonId: number, lang: StudioVersionLang): Promise<StudioCaptionsData> {
  return (await apiRequest(routes.studioVersionCaptions, { params: { lessonId, lang } })).data;
}

/** Read when the editor opens (not refetched behind the author's edits: saving reads it again with the studio's answers). */
export function useLessonCaptions(lessonId: number, choice: CaptionsChoice, enabled: boolean) {
  const { lang, version } = choice;
  return useQuery(
    queryOptions({
      queryKey: version ? ([...studioKey, 'version-captions', lessonId, version] as const) : lessonCaptionsKey(lessonId, lang),
      queryFn: () => (version ? getVersionCaptions(lessonId, version) : getLessonCaptions(lessonId, lang)),
      enabled,
      refetchOnWindowFocus: false,
    }),
  );
}
