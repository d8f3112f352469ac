import { useQuery } from '@tanstack/react-query';
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
        throw new Error(
          navigator.onLine
            ? 'The transcript could not be loaded: the server cannot be reached.'
            : 'You are offline: the transcript is kept only for videos saved for offline use.',
        );
      }
      if (!response.ok) throw new Error('The transcript could not be loaded.');
      return parseCaptionCues(await response.text());
    },
  });
}
