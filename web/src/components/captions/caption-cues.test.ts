import { describe, expect, it } from 'vitest';
import { currentCueIndex, parseCaptionCues } from './caption-cues.ts';

const FILE =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the press line.\n\n00:01:05.500 --> 00:01:09.000\nRe-torque the clamp &amp; check &lt;twice&gt;.\n';

describe('caption cues', () => {
  it('reads the server’s caption files', () => {
    expect(parseCaptionCues(FILE)).toEqual([
      { start: 1, end: 4, text: 'Welcome to the press line.' },
      { start: 65.5, end: 69, text: 'Re-torque the clamp & check <twice>.' },
    ]);
    expect(parseCaptionCues('WEBVTT\n')).toEqual([]);
  });

  it('finds the cue playing at a time', () => {
    const cues = parseCaptionCues(FILE);
    expect(currentCueIndex(cues, 0.5)).toBe(-1);
    expect(currentCueIndex(cues, 2)).toBe(0);
    expect(currentCueIndex(cues, 30)).toBe(0);
    expect(currentCueIndex(cues, 65.5)).toBe(1);
  });
});
