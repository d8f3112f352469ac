import { describe, expect, it } from 'vitest';
import { cueProblem, mergeWithNext, parseTime, readVtt, shiftAll, shortTime, splitCue, VttImportError, writeVtt } from './caption-cue-edits.ts';

const cues = [
  { startMs: 0, endMs: 2000, text: 'Lock out the press now' },
  { startMs: 2000, endMs: 4500, text: 'Try the <start> button & wait' },
];

describe('the captions editor’s cue edits', () => {
  it('reads the times an author types and shows them short', () => {
    expect(parseTime('1:02.5')).toBe(62_500);
    expect(parseTime('00:01:02.500')).toBe(62_500);
    expect(parseTime('62')).toBe(62_000);
    expect(parseTime('1:75.000')).toBeNull();
    expect(parseTime('soon')).toBeNull();
    expect(shortTime(62_500)).toBe('1:02.500');
    expect(shortTime(3_662_005)).toBe('1:01:02.005');
  });

  it('writes a WebVTT file and reads it back cue for cue (markup escaped, then decoded)', () => {
    const file = writeVtt(cues);
    expect(file).toContain('00:00:02.000 --> 00:00:04.500\nTry the &lt;start&gt; button &amp; wait\n');
    expect(readVtt(file)).toEqual(cues);
  });

  it('names what it cannot read in an imported file', () => {
    expect(() => readVtt('hello')).toThrow(VttImportError);
    const bad = (() => {
      try {
        readVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\n00:00:0x --> 00:00:03.000\nB\n');
      } catch (error) {
        return error as VttImportError;
      }
    })();
    expect(bad?.reason).toBe('badTiming');
    expect(bad?.cue).toBe(2);
  });

  it('splits a cue at its middle between words, merges it with the next, shifts all', () => {
    expect(splitCue(cues, 0)).toEqual([{ startMs: 0, endMs: 1000, text: 'Lock out the' }, { startMs: 1000, endMs: 2000, text: 'press now' }, cues[1]]);
    expect(mergeWithNext(cues, 0)).toEqual([{ startMs: 0, endMs: 4500, text: 'Lock out the press now Try the <start> button & wait' }]);
    expect(shiftAll(cues, 1500)?.map((c) => c.startMs)).toEqual([1500, 3500]);
    expect(shiftAll(cues, -1)).toBeNull();
  });

  it('says what keeps a cue from being saved', () => {
    expect(cueProblem([{ startMs: 0, endMs: 1, text: ' ' }], 0)).toBe('empty');
    expect(cueProblem([{ startMs: 5, endMs: 5, text: 'a' }], 0)).toBe('endsBeforeStart');
    expect(cueProblem([cues[1]!, cues[0]!], 1)).toBe('outOfOrder');
    expect(cueProblem(cues, 1)).toBeNull();
  });
});
