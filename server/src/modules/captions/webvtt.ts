/**
 * A strict WebVTT reader for catalog captions. Anything the W3C grammar does not allow in the
 * parts we use is refused with its line, so a broken file is caught at import and never reaches a
 * player. Cue text keeps only words: tags (<b>, <v Speaker>, <c.class>, timestamps) are removed and
 * character references decoded; the file served to players is written back from the cues (writeWebVtt).
 */

/** Larger files are refused: ten minutes of speech is about 15 KB, a two-hour film under 300 KB. */
export const MAX_CAPTION_BYTES = 1024 * 1024;
/** No real caption line is this long; a longer one is a wrong file (a binary, a transcript without cues). */
const MAX_CUE_CHARS = 1000;

export type Cue = { startMs: number; endMs: number; text: string };

export class WebVttError extends Error {
  /** The cue (1-based, in the file's order) the problem is in, when it is in one. */
  readonly cue: number | undefined;
  constructor(message: string, cue?: number) {
    super(message);
    this.cue = cue;
  }
}

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function parseTimestamp(value: string): number | null {
  const m = TIMESTAMP.exec(value);
  if (!m) return null;
  const [, hours, minutes, seconds, millis] = m;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '', quot: '"', apos: "'" };

/** Cue payload to plain text: tags removed, character references decoded, whitespace collapsed per line. */
export function cueText(payload: string): string {
  return payload
    .split('\n')
    .map((line) =>
      line
        .replace(/<[^>]*>?/g, '')
        .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
          if (name.startsWith('#')) {
            const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
            return code > 31 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
          }
          return ENTITIES[name.toLowerCase()] ?? whole;
        })
        // Control characters have no place in a caption (and must not reach the index or a player).
        .replace(/\p{Cc}/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('\n');
}

/** Reads a WebVTT file; throws WebVttError naming the line of the first problem. */
export function parseWebVtt(bytes: Buffer): Cue[] {
  if (bytes.length > MAX_CAPTION_BYTES) throw new WebVttError(`is larger than ${MAX_CAPTION_BYTES / 1024} KB`);
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new WebVttError('is not UTF-8 text');
  }
  if (source.includes('\u0000')) throw new WebVttError('is not a text file');
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw new WebVttError('does not start with "WEBVTT" (line 1)');

  const cues: Cue[] = [];
  let blocks = 0;
  let i = 1;
  // The header runs to the first blank line and holds no cue timing.
  for (; i < lines.length && lines[i] !== ''; i++) {
    if (lines[i]?.includes('-->')) throw new WebVttError(`needs a blank line after the WEBVTT header (line ${i + 1})`);
  }
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    for (; i < lines.length && lines[i] !== ''; i++) block.push(lines[i] as string);
    const first = block[0] as string;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes('-->')) {
      if (cues.length > 0 && first.startsWith('STYLE')) throw new WebVttError(`has a STYLE block after the first cue (line ${blockStart + 1})`);
      continue;
    }
    // Counted before its checks, so each refusal below names the cue it is in.
    const cue = ++blocks;
    const timingIndex = first.includes('-->') ? 0 : 1;
    const timing = block[timingIndex];
    const at = blockStart + timingIndex + 1;
    if (timing === undefined || !timing.includes('-->')) {
      throw new WebVttError(`has a block without a cue timing "00:00:01.000 --> 00:00:04.000" (line ${blockStart + 1})`, cue);
    }
    const m = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/.exec(timing);
    const start = m ? parseTimestamp(m[1] as string) : null;
    const end = m ? parseTimestamp(m[2] as string) : null;
    if (start === null || end === null) throw new WebVttError(`has a malformed cue timing "${timing.slice(0, 60)}" (line ${at})`, cue);
    if (end <= start) throw new WebVttError(`has a cue that ends before it starts (line ${at})`, cue);
    const previous = cues[cues.length - 1];
    if (previous && start < previous.startMs) throw new WebVttError(`has cues out of time order (line ${at})`, cue);
    const payload = block.slice(timingIndex + 1);
    if (payload.some((line) => line.includes('-->'))) throw new WebVttError(`needs a blank line between cues (line ${at})`, cue);
    const text = cueText(payload.join('\n'));
    if (text.length > MAX_CUE_CHARS) throw new WebVttError(`has a cue longer than ${MAX_CUE_CHARS} characters (line ${at})`, cue);
    if (text) cues.push({ startMs: start, endMs: end, text });
  }
  if (cues.length === 0) throw new WebVttError('has no cues');
  return cues;
}

function timestamp(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

const escapeCue = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The file players receive: the cues only, as plain text (no styles, regions, settings or markup). */
export function writeWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${timestamp(c.startMs)} --> ${timestamp(c.endMs)}\n${escapeCue(c.text)}\n`).join('\n')}`;
}
