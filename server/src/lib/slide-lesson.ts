import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The slide-lesson generator: a written script becomes a spoken slide lesson (ffmpeg drawtext slides, espeak-ng
 * narration, each slide as long as its speech) with WebVTT captions cut from the same narration and timed to it.
 * One generator for the demo library (server/demo-catalog/make-media.mjs) and the studio's lessons from a script
 * (modules/studio/script-lesson.ts). Needs Debian's ffmpeg, espeak-ng and fonts-dejavu-core.
 */

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const BRAND = { navy: '0x0f2238', band: '0x0a192b', track: '0x22385a', text: '0xffffff', soft: '0xd6e4f5', muted: '0x8fa9c9' };
/** Low frame rate: slides change only at cue boundaries, and the transcoder keeps a source's rate (-fpsmax). */
export const FPS = 2;
const FRAME = 1 / FPS;
/** espeak-ng's voice for a narration language: English (the demo's, a script lesson's) or Spanish (its narrated Spanish version). */
const VOICES = { en: 'en-us', es: 'es' } as const;
export type NarrationLang = keyof typeof VOICES;
const voiceArgs = (lang: NarrationLang) => ['-v', VOICES[lang], '-s', '165', '-g', '4'];
/** "S&OP", "GD&T": read as the language's "and", not "ampersand". */
const AND: Record<NarrationLang, string> = { en: ' and ', es: ' y ' };
const LEAD_SECONDS = 0.3;
const TAIL_SECONDS = 0.6;
/** Reproducible files: the same script renders the same bytes (the demo's media are committed). */
export const EXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'];

/** A slide's colour and the icon glyph (one DejaVu Sans draws) in its disc. */
export type Look = { colour: string; icon: string };
export type Cue = { from: number; to: number; text: string };

/** The generator's failure: which tool, and its last words (shown to an author as the reason). */
export class SlideLessonError extends Error {}

/** Runs a tool; answers its stdout; a failure is a SlideLessonError naming the tool and the tail of its stderr. */
function run(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new SlideLessonError(`${command} is not installed on the server`) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new SlideLessonError(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(-2).join(' ') || 'no message'}`));
    });
  });
}

export const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const roundUpToFrame = (seconds: number) => Math.ceil(seconds / FRAME - 1e-9) * FRAME;

/** Greedy word wrap to at most `width` characters a line. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A point's words between its rule and the agenda (290 px at 1280x720): 32 px wrapped at `width` characters, smaller
 * (and wrapped wider) when a long step would run into the agenda.
 */
function fitBody(say: string, width: number): { lines: string[]; size: number } {
  for (const size of [32, 28, 24]) {
    const lines = wrap(say, Math.floor((width * 32) / size));
    if (lines.length * size * 1.45 <= 290) return { lines, size };
  }
  return { lines: wrap(say, Math.floor((width * 32) / 20)), size: 20 };
}

type TextOptions = { x: number | string; y: number | string; size: number; colour?: string; font?: string; spacing?: number };

/**
 * Drawing on slides, in a work folder: sizes and positions are given for 1280x720 and scaled by `s`. drawtext reads
 * its text from a file: no filter-graph escaping of quotes, colons or percent signs.
 */
export function slideKit(work: string) {
  let textFiles = 0;
  const textFile = (value: string) => {
    const file = path.join(work, `text-${++textFiles}.txt`);
    fs.writeFileSync(file, value);
    return file;
  };

  function text(s: number, value: string, { x, y, size, colour = BRAND.text, font = FONT, spacing = 0.3 }: TextOptions): string {
    const px = (n: number | string) => (typeof n === 'number' ? Math.round(n * s) : n);
    return (
      `drawtext=fontfile=${font}:textfile=${textFile(value)}:fontsize=${px(size)}:fontcolor=${colour}` +
      `:line_spacing=${px(size * spacing)}:x=${px(x)}:y=${px(y)}`
    );
  }

  function box(s: number, x: number, y: number, w: number, h: number, colour: string, thickness: number | 'fill' = 'fill'): string {
    const px = (n: number) => Math.round(n * s);
    return `drawbox=x=${px(x)}:y=${px(y)}:w=${px(w)}:h=${px(h)}:color=${colour}:t=${thickness === 'fill' ? 'fill' : px(thickness)}`;
  }

  /** Renders one frame of filters over a navy canvas into a picture. */
  async function picture(file: string, width: number, height: number, filters: string[], quality: string[] = []): Promise<void> {
    await ffmpeg('-f', 'lavfi', '-i', `color=c=${BRAND.navy}:s=${width}x${height}`, '-frames:v', '1', '-vf', filters.join(','), ...quality, ...EXACT, file);
  }

  /** As picture, with a photo fitted (its proportions kept) and centred in the 1280x720 box x, y, w, h scaled by `s`. */
  async function pictureWithPhoto(file: string, s: number, filters: string[], photo: string, area: { x: number; y: number; w: number; h: number }) {
    const px = (n: number) => Math.round(n * s);
    const [x, y, w, h] = [px(area.x), px(area.y), px(area.w), px(area.h)];
    await ffmpeg(
      ...['-f', 'lavfi', '-i', `color=c=${BRAND.navy}:s=${px(1280)}x${px(720)}`, '-i', photo, '-frames:v', '1'],
      ...[
        '-filter_complex',
        `[0]${filters.join(',')}[slide];[1]scale=${w}:${h}:force_original_aspect_ratio=decrease[photo];[slide][photo]overlay=x=${x}+(${w}-overlay_w)/2:y=${y}+(${h}-overlay_h)/2`,
      ],
      ...EXACT,
      file,
    );
  }

  /** The frame around every slide: accent bar, header band with the label (the category), progress track. */
  function chrome(s: number, look: Look, label: string): string[] {
    return [
      box(s, 0, 0, 1280, 84, BRAND.band),
      box(s, 0, 0, 14, 720, look.colour),
      box(s, 56, 30, 24, 24, look.colour),
      text(s, label.toUpperCase(), { x: 94, y: 31, size: 22, colour: BRAND.soft, font: BOLD }),
      text(s, 'MANUFACTURING MASTERS', { x: `w-tw-${Math.round(56 * s)}`, y: 33, size: 18, colour: BRAND.muted, font: BOLD }),
      box(s, 0, 708, 1280, 12, BRAND.track),
    ];
  }

  /** The icon: the look's glyph in a coloured disc. */
  function icon(s: number, look: Look, cx: number, cy: number, diameter: number): string[] {
    return [
      text(s, '●', { x: `${Math.round(cx * s)}-tw/2`, y: `${Math.round(cy * s)}-th/2`, size: diameter * 1.36, colour: look.colour }),
      text(s, look.icon, { x: `${Math.round(cx * s)}-tw/2`, y: `${Math.round(cy * s)}-th/2`, size: diameter * 0.5, colour: BRAND.text }),
    ];
  }

  /** Agenda strip: one numbered box per key point, the current one filled. */
  function agenda(s: number, look: Look, count: number, current: number): string[] {
    const size = 46;
    const gap = 14;
    return Array.from({ length: count }, (_, i) => {
      const x = 230 + i * (size + gap);
      const isCurrent = i + 1 === current;
      return [
        isCurrent ? box(s, x, 620, size, size, look.colour) : box(s, x, 620, size, size, BRAND.muted, 2),
        text(s, String(i + 1), { x: `${Math.round((x + size / 2) * s)}-tw/2`, y: 632, size: 22, font: BOLD, colour: isCurrent ? BRAND.text : BRAND.muted }),
      ];
    }).flat();
  }

  /** The opening slide: kicker, title, byline and the icon. */
  function titleSlide(file: string, s: number, look: Look, slide: { label: string; kicker: string; title: string; byline: string }) {
    const lines = wrap(slide.title, 26).slice(0, 3);
    return picture(file, 1280 * s, 720 * s, [
      ...chrome(s, look, slide.label),
      text(s, slide.kicker.toUpperCase(), { x: 72, y: 170, size: 24, colour: BRAND.soft, font: BOLD }),
      box(s, 72, 210, 90, 6, look.colour),
      text(s, lines.join('\n'), { x: 72, y: 250, size: 60, font: BOLD, spacing: 0.25 }),
      text(s, slide.byline, { x: 72, y: 270 + lines.length * 76, size: 30, colour: BRAND.soft }),
      ...icon(s, look, 1040, 400, 260),
    ]);
  }

  /**
   * A key point (a step): its number, heading, what is said and the agenda of all points; with a photo (a file), the
   * words take the left and the photo the right of the slide.
   */
  function pointSlide(
    file: string,
    s: number,
    look: Look,
    label: string,
    point: { heading: string; say: string; photo?: string | null },
    number: number,
    count: number,
  ) {
    const heading = wrap(point.heading, point.photo ? 14 : 30).slice(0, 2);
    const body = fitBody(point.say, point.photo ? 22 : 48);
    const filters = [
      ...chrome(s, look, label),
      box(s, 72, 140, 120, 120, look.colour),
      text(s, String(number), { x: `${Math.round(132 * s)}-tw/2`, y: `${Math.round(200 * s)}-th/2`, size: 72, font: BOLD }),
      text(s, heading.join('\n'), { x: 230, y: heading.length > 1 ? 130 : 165, size: 50, font: BOLD, spacing: 0.2 }),
      box(s, 230, 290, point.photo ? 400 : 980, 2, BRAND.track),
      ...(body.lines.length ? [text(s, body.lines.join('\n'), { x: 230, y: 320, size: body.size, colour: BRAND.soft, spacing: 0.45 })] : []),
      ...agenda(s, look, count, number),
    ];
    if (point.photo) return pictureWithPhoto(file, s, filters, point.photo, { x: 680, y: 120, w: 540, h: 480 });
    return picture(file, 1280 * s, 720 * s, filters);
  }

  /** The closing slide: every point's heading. */
  function recapSlide(file: string, s: number, look: Look, label: string, headings: string[]) {
    const rows = headings.map((heading, i) => `${i + 1}.  ${heading}`);
    return picture(file, 1280 * s, 720 * s, [
      ...chrome(s, look, label),
      text(s, 'KEY TAKEAWAYS', { x: 72, y: 130, size: 26, colour: BRAND.soft, font: BOLD }),
      box(s, 72, 170, 90, 6, look.colour),
      text(s, rows.join('\n'), { x: 72, y: 205, size: rows.length > 6 ? 30 : 34, font: BOLD, spacing: 0.55 }),
      ...icon(s, look, 1080, 420, 180),
    ]);
  }

  return { text, box, picture, icon, titleSlide, pointSlide, recapSlide };
}

/**
 * Whether espeak-ng speaks the language here: a SlideLessonError saying what is missing otherwise (the program, or
 * its voice), asked before a render is queued so an author hears why at once.
 */
export async function assertVoice(lang: NarrationLang): Promise<void> {
  const listed = (await run('espeak-ng', [`--voices=${VOICES[lang]}`])).toString('utf8');
  if (!listed.split('\n').some((line) => line.trim().split(/\s+/)[1] === VOICES[lang]))
    throw new SlideLessonError(`espeak-ng has no ${VOICES[lang]} voice on the server`);
}

/** espeak-ng speech as 16-bit mono PCM samples (22050 Hz). */
async function speak(sentence: string, lang: NarrationLang): Promise<{ rate: number; pcm: Buffer }> {
  const wav = await run('espeak-ng', [...voiceArgs(lang), '--stdout', sentence]);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    // espeak-ng writing to stdout cannot seek back to fill in the data size: the data runs to the end.
    if (id === 'data') return { rate: wav.readUInt32LE(24), pcm: wav.subarray(at + 8) };
    at += 8 + size;
  }
  throw new SlideLessonError(`espeak-ng gave no audio for: ${sentence}`);
}

function wavFile(file: string, rate: number, pcm: Buffer): void {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, pcm]));
}

/** Splits narration into caption-sized pieces (sentences, long ones at commas), at most ~84 characters. */
export function captionPieces(narration: string): string[] {
  // A point's number ("2.") is read with the sentence after it, not shown alone.
  const sentences = (narration.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [])
    .map((t) => t.trim())
    .filter(Boolean)
    .reduce<string[]>((joined, sentence) => {
      const last = joined.at(-1);
      if (last !== undefined && /^\d+\.$/.test(last)) joined.push(`${joined.pop()} ${sentence}`);
      else joined.push(sentence);
      return joined;
    }, []);
  return sentences.flatMap((sentence) => {
    if (sentence.length <= 84) return [sentence];
    const pieces: string[] = [];
    let piece = '';
    for (const part of sentence.split(/(?<=[,;:])\s+/)) {
      if (piece && piece.length + 1 + part.length > 84) {
        pieces.push(piece);
        piece = part;
      } else piece = piece ? `${piece} ${part}` : part;
    }
    if (piece) pieces.push(piece);
    return pieces.flatMap((p) => (p.length <= 84 ? [p] : wrap(p, 84)));
  });
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

export const toWebVtt = (cues: Cue[]) => ['WEBVTT', '', ...cues.map((c, i) => `${i + 1}\n${timestamp(c.from)} --> ${timestamp(c.to)}\n${c.text}\n`)].join('\n');

/** A slide of a lesson: what is said over it, and how it is drawn (into a PNG file). */
export type Slide = { narration: string; draw: (file: string) => Promise<void> };

export type RenderedLesson = { seconds: number; cues: Cue[]; slides: { file: string; start: number; duration: number }[] };

/**
 * Renders slides into an MP4 at `output`: each slide as long as its speech (plus a breath), the look's progress bar
 * along the bottom, captions cut from the same narration with times shared out by length within the slide.
 * `onSlide` is told as each slide is drawn and spoken (a progress bar).
 */
export async function renderSlideLesson(options: {
  slides: Slide[];
  work: string;
  output: string;
  look: Look;
  scale: number;
  /** The narration's language (espeak-ng's voice): English unless told. */
  lang?: NarrationLang;
  onSlide?: (done: number, total: number) => void;
}): Promise<RenderedLesson> {
  const { slides, work, output, look, scale } = options;
  const audio: Buffer[] = [];
  const cues: Cue[] = [];
  const timeline: RenderedLesson['slides'] = [];
  let rate = 0;
  let start = 0;
  for (const [i, slide] of slides.entries()) {
    const file = path.join(work, `slide-${i}.png`);
    await slide.draw(file);
    const lang = options.lang ?? 'en';
    const speech = await speak(slide.narration.replaceAll('&', AND[lang]), lang);
    rate = speech.rate;
    const spoken = speech.pcm.length / 2 / rate;
    const duration = roundUpToFrame(LEAD_SECONDS + spoken + TAIL_SECONDS);
    const lead = Math.round(LEAD_SECONDS * rate) * 2;
    const total = Math.round(duration * rate) * 2;
    audio.push(Buffer.alloc(lead), speech.pcm, Buffer.alloc(total - lead - speech.pcm.length));
    timeline.push({ file, duration, start });
    // Caption times: the piece's share of the speech by length; the first starts with the slide, the last ends with it.
    const pieces = captionPieces(slide.narration);
    const letters = pieces.reduce((n, p) => n + p.length, 0);
    let said = 0;
    pieces.forEach((piece, j) => {
      const from = j === 0 ? start : start + LEAD_SECONDS + (spoken * said) / letters;
      said += piece.length;
      const to = j === pieces.length - 1 ? start + duration : start + LEAD_SECONDS + (spoken * said) / letters;
      cues.push({ from, to, text: wrap(piece, 42).join('\n') });
    });
    start += duration;
    options.onSlide?.(i + 1, slides.length);
  }
  const seconds = start;
  const wav = path.join(work, 'speech.wav');
  wavFile(wav, rate, Buffer.concat(audio));
  const inputs = timeline.flatMap((slide) => ['-loop', '1', '-framerate', String(FPS), '-t', slide.duration.toFixed(3), '-i', slide.file]);
  const joined = `${timeline.map((_, i) => `[${i}:v]`).join('')}concat=n=${timeline.length}:v=1:a=0[slides]`;
  const barHeight = Math.max(2, Math.round(12 * scale));
  const bar = `color=c=${look.colour}:s=${Math.round(1280 * scale)}x${barHeight}:r=${FPS}[bar]`;
  const progress = `[slides][bar]overlay=x='-w+w*t/${seconds.toFixed(3)}':y=${Math.round(708 * scale)}:shortest=1,format=yuv420p[v]`;
  await ffmpeg(
    ...inputs,
    ...['-i', wav, '-filter_complex', `${joined};${bar};${progress}`, '-map', '[v]', '-map', `${timeline.length}:a`],
    ...['-t', seconds.toFixed(3), '-r', String(FPS), '-c:v', 'libx264', '-threads', '1', '-preset', 'medium', '-tune', 'stillimage', '-crf', '30'],
    ...['-g', String(FPS * 20), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '44100', '-movflags', '+faststart', ...EXACT],
    output,
  );
  return { seconds, cues, slides: timeline };
}
