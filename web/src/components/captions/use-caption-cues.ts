import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { parseCaptionCues } from './caption-cues.ts';

/** The cues of a signed caption URL (videos/view's `captions[i].url`), for the transcript; null URL: none. */
export function useCaptionCues(url: string | null) {
  return useQuery({
    queryKey: ['caption-cues', url],
    enabled: url !== null,
    // Signed URLs change every hour while the file behind them does not.
    staleTime: Number.POSITIVE_INFINITY,
    // A file that did not come is not asked for again and again (offline, each try fails the same way).
    retry: 1,
    queryFn: async () => {
      let response: Response;
      try {
        response = await fetch(url as string);
      } catch {
        // Offline (or the server out of reach): words, not the browser's "Failed to fetch".
        throw new Error(navigator.onLine ? i18next.t('common:player.errors.transcriptUnreachable') : i18next.t('common:player.errors.transcriptOffline'));
      }
      if (!response.ok) throw new Error(i18next.t('common:player.errors.transcript'));
      return parseCaptionCues(await response.text());
    },
  });
}
