import { currentCueIndex } from './caption-cues.ts';
import { useCaptionCues } from './use-caption-cues.ts';

/**
 * The captions over the picture: the one cue playing now, sized to the player (player.css). The browser's own
 * <track> rendering stacked the cue ending and the cue starting at a seek to a cue's start (a transcript click), in
 * a size set by the window; this draws one cue, from the same cues the transcript reads (one fetch). Null URL: off.
 */
export function CaptionLine({ url, currentTime }: { url: string | null; currentTime: number }) {
  const cues = useCaptionCues(url);
  if (!url || !cues.data) return null;
  const cue = cues.data[currentCueIndex(cues.data, currentTime)];
  if (!cue || currentTime >= cue.end) return null;
  return (
    <div className="mm-player__caption" data-testid="player-caption">
      <span translate="no">{cue.text}</span>
    </div>
  );
}
