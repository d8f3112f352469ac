/**
 * The captions editor's cues and what an author does to them: times as the author types them, split, merge, shift
 * all, and the WebVTT file read in (import) and written out (export, save). The server's strict WebVTT reader
 * (server/src/modules/captions/webvtt.ts) has the last word on save; this reads leniently and writes what it accepts.
 */
export type EditedCue = { startMs: number; endMs: number; text: string };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `00:01:02.500`: the WebVTT timestamp of a time in ms. */
export function vttTime(ms: number): string {
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** `1:02.500` (or `1:01:02.500` past an hour): a time as the editor shows it, short enough for a phone. */
export function shortTime(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const rest = `${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  return hours > 0 ? `${hours}:${rest}` : rest.replace(/^0(\d:)/, '$1');
}

const TIME = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** A typed time (`1:02.5`, `00:01:02.500`, `62`) in ms, or null when it is not one. */
export function parseTime(value: string): number | null {
  const typed = value.trim();
  if (/^\d+(?:[.,]\d{1,3})?$/.test(typed)) return Math.round(Number(typed.replace(',', '.')) * 1000);
  const m = TIME.exec(typed);
  if (!m) return null;
  const [, hours, minutes, seconds, fraction] = m;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number((fraction ?? '0').padEnd(3, '0'));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cues as a WebVTT file, in the shape the server writes (its reader takes it back cue for cue). */
export function writeVtt(cues: EditedCue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${vttTime(c.startMs)} --> ${vttTime(c.endMs)}\n${escapeText(c.text.trim())}\n`).join('\n')}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'" };
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)/;

/** Why a file could not be read: its message key and the cue it is in (1-based), for the author. */
export class VttImportError extends Error {
  constructor(
    readonly reason: 'notVtt' | 'badTiming' | 'noCues',
    readonly cue?: number,
  ) {
    super(reason);
  }
}

/** The cues of a .vtt file (tags dropped, references decoded); throws VttImportError on what it cannot read. */
export function readVtt(file: string): EditedCue[] {
  const lines = file.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(lines)) throw new VttImportError('notVtt');
  const cues: EditedCue[] = [];
  for (const block of lines.split(/\n{2,}/).slice(1)) {
    const rows = block.split('\n').filter((row) => row !== '');
    const at = rows.findIndex((row) => row.includes('-->'));
    if (at < 0 || at > 1) continue; // NOTE, STYLE and REGION blocks
    const m = TIMING.exec(rows[at] as string);
    const startMs = m ? parseTime(m[1] as string) : null;
    const endMs = m ? parseTime(m[2] as string) : null;
    if (startMs === null || endMs === null) throw new VttImportError('badTiming', cues.length + 1);
    const text = rows
      .slice(at + 1)
      .map((row) => row.replace(/<[^>]*>?/g, '').replace(/&([a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole))
      .join('\n')
      .trim();
    cues.push({ startMs, endMs, text });
  }
  if (cues.length === 0) throw new VttImportError('noCues');
  return cues;
}

/** Cue `index` cut in two at its middle: the text split between words, each half its half of the time (null: too short). */
export function splitCue(cues: EditedCue[], index: number): EditedCue[] | null {
  const cue = cues[index];
  if (!cue || cue.endMs - cue.startMs < 2) return null;
  const middle = Math.round((cue.startMs + cue.endMs) / 2);
  const words = cue.text.trim().split(/\s+/);
  const half = Math.ceil(words.length / 2);
  const first = { startMs: cue.startMs, endMs: middle, text: words.slice(0, half).join(' ') };
  const second = { startMs: middle, endMs: cue.endMs, text: words.slice(half).join(' ') };
  return [...cues.slice(0, index), first, second, ...cues.slice(index + 1)];
}

/** Cue `index` and the next one as one cue: from the first's start to the second's end, their texts joined. */
export function mergeWithNext(cues: EditedCue[], index: number): EditedCue[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return cues;
  const merged = { startMs: cue.startMs, endMs: Math.max(cue.endMs, next.endMs), text: `${cue.text.trim()} ${next.text.trim()}`.trim() };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

/** Every cue moved by `ms` (later when positive); null when that would move a cue before the video's start. */
export function shiftAll(cues: EditedCue[], ms: number): EditedCue[] | null {
  if (cues.some((cue) => cue.startMs + ms < 0)) return null;
  return cues.map((cue) => ({ ...cue, startMs: cue.startMs + ms, endMs: cue.endMs + ms }));
}

/** What is wrong with a cue before it can be saved (the first problem), or null. */
export function cueProblem(cues: EditedCue[], index: number): 'empty' | 'endsBeforeStart' | 'outOfOrder' | null {
  const cue = cues[index] as EditedCue;
  if (cue.text.trim() === '') return 'empty';
  if (cue.endMs <= cue.startMs) return 'endsBeforeStart';
  const previous = cues[index - 1];
  if (previous && cue.startMs < previous.startMs) return 'outOfOrder';
  return null;
}
