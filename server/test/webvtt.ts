/**
 * A strict reader of WebVTT caption files (W3C WebVTT: the signature line, cue blocks with
 * "start --> end" timings, NOTE, STYLE and REGION blocks). A file a browser would reject, or read
 * differently, is an error naming its line.
 */

export type Cue = { id: string; start: number; end: number; text: string };

export class WebVttError extends Error {}

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Seconds of an "hh:mm:ss.ttt" or "mm:ss.ttt" timestamp, or undefined when it is not one. */
function seconds(stamp: string): number | undefined {
  const match = TIMESTAMP.exec(stamp);
  if (!match) return undefined;
  const [, hours = '0', minutes, secs, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

export function parseWebVtt(source: string): Cue[] {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const fail = (line: number, problem: string): never => {
    throw new WebVttError(`line ${line + 1}: ${problem}`);
  };
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? '')) fail(0, 'must start with "WEBVTT"');
  let at = 1;
  // The header runs to the first blank line.
  while (at < lines.length && lines[at] !== '') at++;
  const cues: Cue[] = [];
  while (at < lines.length) {
    if (lines[at] === '') {
      at++;
      continue;
    }
    const blockStart = at;
    const block: string[] = [];
    while (at < lines.length && lines[at] !== '') block.push(lines[at++]!);
    if (/^(NOTE|STYLE|REGION)([ \t]|$)/.test(block[0]!)) {
      if (cues.length && block[0]!.startsWith('STYLE')) fail(blockStart, 'STYLE blocks must come before the first cue');
      continue;
    }
    const hasId = !block[0]!.includes('-->');
    const timingIndex = hasId ? 1 : 0;
    const timing = block[timingIndex];
    if (timing === undefined) fail(blockStart, 'a cue identifier must be followed by a timing line');
    const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/.exec(timing!);
    if (!match) fail(blockStart + timingIndex, 'expected "start --> end"');
    const start = seconds(match![1]!);
    const end = seconds(match![2]!);
    if (start === undefined || end === undefined) fail(blockStart + timingIndex, 'timestamps must read hh:mm:ss.ttt or mm:ss.ttt');
    if (end! <= start!) fail(blockStart + timingIndex, 'a cue must end after it starts');
    if (cues.length && start! < cues.at(-1)!.start) fail(blockStart + timingIndex, 'cues must be in order of start time');
    const text = block.slice(timingIndex + 1);
    if (text.some((line) => line.includes('-->'))) fail(blockStart, 'cue text must not contain "-->"');
    if (!text.length) fail(blockStart, 'a cue must have text');
    cues.push({ id: hasId ? block[0]! : '', start: start!, end: end!, text: text.join('\n') });
  }
  return cues;
}
