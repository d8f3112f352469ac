/**
 * The caption files the server serves are written from plain cues (server/src/modules/captions/webvtt.ts):
 * "WEBVTT", then blocks of one timing line and the cue text with &amp; &lt; &gt; escaped. This reads
 * exactly that shape for the transcript panel (the <track> element reads it for on-screen captions).
 */
export type CaptionCue = { start: number; end: number; text: string };

const TIMING = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/;

const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

const decodeEntities = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export function parseCaptionCues(file: string): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const block of file.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const [timing, ...lines] = block.trim().split('\n');
    const m = timing ? TIMING.exec(timing) : null;
    if (!m || lines.length === 0) continue;
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = m as unknown as string[];
    cues.push({ start: seconds(h1!, m1!, s1!, ms1!), end: seconds(h2!, m2!, s2!, ms2!), text: decodeEntities(lines.join('\n')) });
  }
  return cues;
}

/** The index of the cue playing at `time` (the last one started), or -1 before the first. */
export function currentCueIndex(cues: CaptionCue[], time: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((cues[mid] as CaptionCue).start <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
