import { useQuery } from '@tanstack/react-query';
import { parseCaptionCues } from './caption-cues.ts';

/** The cues of a signed caption URL (videos/view's `captions[i].url`), for the transcript; null URL: none. */
export function useCaptionCues(url: string | null) {
  return useQuery({
    queryKey: ['caption-cues', url],
    enabled: url !== null,
    // Signed URLs change every hour while the file behind them does not.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch(url as string);
      if (!response.ok) throw new Error('The transcript could not be loaded.');
      return parseCaptionCues(await response.text());
    },
  });
}
