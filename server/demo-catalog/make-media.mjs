// Renders the demo catalog's media from catalog.json and lessons.json with Debian's ffmpeg, espeak-ng and
// fonts-dejavu: each video a spoken slide lesson with WebVTT captions, its trailers, title-card pictures,
// expert initials, the landing hero and the playbooks. Run through ./make-media.sh.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const catalog = JSON.parse(fs.readFileSync(path.join(here, 'catalog.json'), 'utf8'));
const lessons = JSON.parse(fs.readFileSync(path.join(here, 'lessons.json'), 'utf8'));
const media = path.join(here, 'media');
const work = fs.mkdtempSync('/tmp/mm-make-media-');

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const BRAND = { navy: '0x0f2238', band: '0x0a192b', track: '0x22385a', text: '0xffffff', soft: '0xd6e4f5', muted: '0x8fa9c9' };
// Low frame rate: slides change only at cue boundaries, and the import transcoder keeps a source's rate (-fpsmax).
const FPS = 2;
const FRAME = 1 / FPS;
const VOICE = ['-v', 'en-us', '-s', '165', '-g', '4'];
const LEAD_SECONDS = 0.3;
const TAIL_SECONDS = 0.6;
const TRAILER_SECONDS = 15;
const EXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'];

/** Each category's colour and an icon glyph that DejaVu Sans draws. */
const LOOK = {
  'continuous-improvement': { colour: '0x2b8a3e', icon: '↻' },
  'health-and-safety': { colour: '0xe03131', icon: '⚠' },
  'shop-floor': { colour: '0x1971c2', icon: '⚙' },
  'strategy-and-planning': { colour: '0x6741d9', icon: '♞' },
  'design-and-engineering': { colour: '0x0c8599', icon: '✎' },
  'finance-and-reporting': { colour: '0x5c940d', icon: '⛃' },
  'supply-chain': { colour: '0x9c36b5', icon: '☍' },
  logistics: { colour: '0xd9480f', icon: '✈' },
  'it-and-cyber-security': { colour: '0x364fc7', icon: '⚷' },
  'internet-of-things': { colour: '0xb35c00', icon: '⚡' },
  'additive-manufacturing': { colour: '0x087f5b', icon: '≣' },
  'hr-and-recruitment': { colour: '0xc2255c', icon: '☺' },
};

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
const ff = (...args) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const roundUpToFrame = (seconds) => Math.ceil(seconds / FRAME - 1e-9) * FRAME;

let textFiles = 0;
/** drawtext reads its text from a file: no filter-graph escaping of quotes, colons or percent signs. */
function textFile(text) {
  const file = path.join(work, `text-${++textFiles}.txt`);
  fs.writeFileSync(file, text);
  return file;
}

/** Greedy word wrap to at most `width` characters a line. */
function wrap(text, width) {
  const lines = [];
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

/** A drawtext filter; sizes and positions are given for 1280x720 and scaled by `s`. */
function text(s, value, { x, y, size, colour = BRAND.text, font = FONT, spacing = 0.3 }) {
  const px = (n) => (typeof n === 'number' ? Math.round(n * s) : n);
  return (
    `drawtext=fontfile=${font}:textfile=${textFile(value)}:fontsize=${px(size)}:fontcolor=${colour}` +
    `:line_spacing=${px(size * spacing)}:x=${px(x)}:y=${px(y)}`
  );
}

function box(s, x, y, w, h, colour, thickness = 'fill') {
  const px = (n) => Math.round(n * s);
  return `drawbox=x=${px(x)}:y=${px(y)}:w=${px(w)}:h=${px(h)}:color=${colour}:t=${thickness === 'fill' ? 'fill' : px(thickness)}`;
}

/** Renders one frame of filters over a navy canvas into a picture. */
function picture(file, width, height, filters, quality = []) {
  ff('-f', 'lavfi', '-i', `color=c=${BRAND.navy}:s=${width}x${height}`, '-frames:v', '1', '-vf', filters.join(','), ...quality, ...EXACT, file);
}

/** The frame around every slide: accent bar, header band with the category, progress track. */
function chrome(s, look, category) {
  return [
    box(s, 0, 0, 1280, 84, BRAND.band),
    box(s, 0, 0, 14, 720, look.colour),
    box(s, 56, 30, 24, 24, look.colour),
    text(s, category.name.toUpperCase(), { x: 94, y: 31, size: 22, colour: BRAND.soft, font: BOLD }),
    text(s, 'MANUFACTURING MASTERS', { x: `w-tw-${Math.round(56 * s)}`, y: 33, size: 18, colour: BRAND.muted, font: BOLD }),
    box(s, 0, 708, 1280, 12, BRAND.track),
  ];
}

/** The icon: the category's glyph in a coloured disc. */
function icon(s, look, cx, cy, diameter) {
  return [
    text(s, '●', { x: `${Math.round(cx * s)}-tw/2`, y: `${Math.round(cy * s)}-th/2`, size: diameter * 1.36, colour: look.colour }),
    text(s, look.icon, { x: `${Math.round(cx * s)}-tw/2`, y: `${Math.round(cy * s)}-th/2`, size: diameter * 0.5, colour: BRAND.text }),
  ];
}

/** Agenda strip: one numbered box per key point, the current one filled. */
function agenda(s, look, count, current) {
  const size = 46;
  const gap = 14;
  return Array.from({ length: count }, (_, i) => {
    const x = 230 + i * (size + gap);
    const isCurrent = i + 1 === current;
    return [
      isCurrent ? box(s, x, 620, size, size, look.colour) : box(s, x, 620, size, size, BRAND.muted, 2),
      text(s, String(i + 1), {
        x: `${Math.round((x + size / 2) * s)}-tw/2`,
        y: 632,
        size: 22,
        font: BOLD,
        colour: isCurrent ? BRAND.text : BRAND.muted,
      }),
    ];
  }).flat();
}

function titleSlide(file, s, look, category, video, subCategory, expertNames) {
  const lines = wrap(video.title, 26).slice(0, 3);
  picture(file, 1280 * s, 720 * s, [
    ...chrome(s, look, category),
    text(s, `LESSON · ${subCategory.name.toUpperCase()}`, { x: 72, y: 170, size: 24, colour: BRAND.soft, font: BOLD }),
    box(s, 72, 210, 90, 6, look.colour),
    text(s, lines.join('\n'), { x: 72, y: 250, size: 60, font: BOLD, spacing: 0.25 }),
    text(s, expertNames.length ? `with ${expertNames.join(' and ')}` : 'Manufacturing Masters', {
      x: 72,
      y: 270 + lines.length * 76,
      size: 30,
      colour: BRAND.soft,
    }),
    ...icon(s, look, 1040, 400, 260),
  ]);
}

function pointSlide(file, s, look, category, point, number, count) {
  const heading = wrap(point.heading, 30).slice(0, 2);
  const body = wrap(point.say, 48);
  picture(file, 1280 * s, 720 * s, [
    ...chrome(s, look, category),
    box(s, 72, 140, 120, 120, look.colour),
    text(s, String(number), { x: `${Math.round(132 * s)}-tw/2`, y: `${Math.round(200 * s)}-th/2`, size: 72, font: BOLD }),
    text(s, heading.join('\n'), { x: 230, y: heading.length > 1 ? 130 : 165, size: 50, font: BOLD, spacing: 0.2 }),
    box(s, 230, 290, 980, 2, BRAND.track),
    text(s, body.join('\n'), { x: 230, y: 320, size: 32, colour: BRAND.soft, spacing: 0.45 }),
    ...agenda(s, look, count, number),
  ]);
}

function recapSlide(file, s, look, category, points) {
  const rows = points.map((p, i) => `${i + 1}.  ${p.heading}`);
  picture(file, 1280 * s, 720 * s, [
    ...chrome(s, look, category),
    text(s, 'KEY TAKEAWAYS', { x: 72, y: 130, size: 26, colour: BRAND.soft, font: BOLD }),
    box(s, 72, 170, 90, 6, look.colour),
    text(s, rows.join('\n'), { x: 72, y: 205, size: rows.length > 6 ? 30 : 34, font: BOLD, spacing: 0.55 }),
    ...icon(s, look, 1080, 420, 180),
  ]);
}

/** espeak-ng speech as 16-bit mono PCM samples (22050 Hz). */
function speak(sentence) {
  const wav = run('espeak-ng', [...VOICE, '--stdout', sentence]);
  let at = 12;
  while (at < wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    // espeak-ng writing to stdout cannot seek back to fill in the data size: the data runs to the end.
    if (id === 'data') return { rate: wav.readUInt32LE(24), pcm: wav.subarray(at + 8) };
    at += 8 + size;
  }
  throw new Error(`espeak-ng gave no audio for: ${sentence}`);
}

function wavFile(file, rate, pcm) {
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
function captionPieces(narration) {
  // A point's number ("2.") is read with the sentence after it, not shown alone.
  const sentences = narration
    .match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g)
    .map((t) => t.trim())
    .reduce((joined, sentence) => {
      if (joined.length && /^\d+\.$/.test(joined.at(-1))) joined.push(`${joined.pop()} ${sentence}`);
      else joined.push(sentence);
      return joined;
    }, []);
  return sentences.flatMap((sentence) => {
    if (sentence.length <= 84) return [sentence];
    const pieces = [];
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

const timestamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * One lesson: title, key points and recap, each slide as long as its speech (plus a breath), captions
 * cut from the same narration with times shared out by length within the slide.
 */
function renderLesson(category, subCategory, video) {
  const script = lessons[video.key];
  if (!script) throw new Error(`lessons.json has no script for ${video.key}`);
  const look = LOOK[category.key];
  const expertNames = video.experts.map((key) => catalog.experts.find((e) => e.key === key).name);
  const points = script.map(([heading, say]) => ({ heading, say }));
  if (points.length < 4 || points.length > 8) throw new Error(`${video.key}: ${points.length} key points (4 to 8 expected)`);
  const slides = [
    { narration: `${video.title}. ${video.description}`, draw: (file) => titleSlide(file, 1, look, category, video, subCategory, expertNames) },
    ...points.map((point, i) => ({
      narration: `${i + 1}. ${point.heading}. ${point.say}`,
      draw: (file) => pointSlide(file, 1, look, category, point, i + 1, points.length),
    })),
    {
      narration: `To recap: ${points.map((p) => p.heading).join('; ')}. Thanks for watching.`,
      draw: (file) => recapSlide(file, 1, look, category, points),
    },
  ];
  const dir = path.join(work, video.key);
  fs.mkdirSync(dir);
  const audio = [];
  const cues = [];
  const timeline = [];
  let rate = 0;
  let start = 0;
  slides.forEach((slide, i) => {
    const file = path.join(dir, `slide-${i}.png`);
    slide.draw(file);
    // "S&OP", "GD&T": read as "and", not "ampersand".
    const speech = speak(slide.narration.replaceAll('&', ' and '));
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
  });
  const seconds = start;
  if (seconds < 45 || seconds > 120) throw new Error(`${video.key}: ${seconds.toFixed(1)} s long (45 to 120 s expected)`);
  const wav = path.join(dir, 'speech.wav');
  wavFile(wav, rate, Buffer.concat(audio));
  const inputs = timeline.flatMap((slide) => ['-loop', '1', '-framerate', String(FPS), '-t', slide.duration.toFixed(3), '-i', slide.file]);
  const joined = `${timeline.map((_, i) => `[${i}:v]`).join('')}concat=n=${timeline.length}:v=1:a=0[slides]`;
  const bar = `color=c=${look.colour}:s=1280x12:r=${FPS}[bar]`;
  const progress = `[slides][bar]overlay=x='-w+w*t/${seconds.toFixed(3)}':y=708:shortest=1,format=yuv420p[v]`;
  ff(
    ...inputs,
    ...['-i', wav, '-filter_complex', `${joined};${bar};${progress}`, '-map', '[v]', '-map', `${timeline.length}:a`],
    ...['-t', seconds.toFixed(3), '-r', String(FPS), '-c:v', 'libx264', '-threads', '1', '-preset', 'medium', '-tune', 'stillimage', '-crf', '30'],
    ...['-g', String(FPS * 20), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '44100', '-movflags', '+faststart', ...EXACT],
    path.join(here, video.media),
  );
  const vtt = ['WEBVTT', '', ...cues.map((c, i) => `${i + 1}\n${timestamp(c.from)} --> ${timestamp(c.to)}\n${c.text}\n`)].join('\n');
  fs.writeFileSync(path.join(media, 'captions', `${video.key}.en.vtt`), vtt);
  return { slides: timeline, seconds, look, expertNames };
}

/** A 640x360 title card: category colour, icon, kicker and title. */
function card(file, look, kicker, title) {
  const s = 0.5;
  const lines = wrap(title, 19).slice(0, 3);
  picture(
    file,
    640,
    360,
    [
      box(s, 0, 0, 1280, 720, look.colour),
      box(s, 0, 560, 1280, 160, '0x000000@0.28'),
      ...icon(s, { ...look, colour: '0xffffff@0.18' }, 1120, 260, 240),
      text(s, kicker.toUpperCase(), { x: 64, y: 70, size: 30, font: BOLD, colour: '0xffffff@0.85' }),
      box(s, 64, 118, 100, 8, BRAND.text),
      text(s, lines.join('\n'), { x: 64, y: 160, size: lines.length > 2 ? 64 : 72, font: BOLD, spacing: 0.2 }),
      text(s, 'MANUFACTURING MASTERS', { x: 64, y: 622, size: 30, font: BOLD, colour: '0xffffff@0.9' }),
    ],
    ['-q:v', '4'],
  );
}

/** A 15-second cut of a lesson from `from` seconds. */
function trailer(source, from, file) {
  ff(
    ...['-ss', from.toFixed(3), '-t', String(TRAILER_SECONDS), '-i', source, '-r', String(FPS), '-c:v', 'libx264', '-threads', '1', '-preset', 'medium'],
    ...['-tune', 'stillimage', '-crf', '30', '-g', String(FPS * 20), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '44100'],
    ...['-movflags', '+faststart', ...EXACT, file],
  );
}

/**
 * Where the landing's designed still places the twelve categories' icon discs, in 1280x480 (the banner's 16:6):
 * along the top and bottom edges, the middle band left clear for the headline (the full width at 1280 px) and the
 * bottom's middle for the buttons the landing writes over it (a 4:3 phone crop keeps the middle half).
 */
const HERO_STILL = path.join(here, '..', '..', 'web', 'public', 'landing-hero.webp');
const STILL_DISCS = [
  [80, 70, 90],
  [300, 48, 60],
  [560, 42, 46],
  [760, 58, 66],
  [1000, 48, 54],
  [1200, 82, 100],
  [110, 384, 120],
  [330, 424, 70],
  [640, 452, 40],
  [900, 424, 60],
  [1060, 388, 92],
  [1210, 320, 76],
];

/** The designed still behind the landing's headline: the brand's navy, its blue rule and the categories' icons. */
function heroStill(file) {
  const s = 0.75;
  const looks = catalog.categories.map((c) => LOOK[c.key]);
  picture(
    file,
    960,
    360,
    [
      // A lighter navy field towards the centre, where the headline sits.
      box(s, 0, 0, 1280, 480, '0x16365c@0.55'),
      box(s, 0, 0, 1280, 60, '0x0a192b@0.6'),
      box(s, 0, 420, 1280, 60, '0x0a192b@0.6'),
      ...STILL_DISCS.flatMap(([cx, cy, d], i) => {
        const look = looks[i % looks.length];
        return icon(s, { ...look, colour: `${look.colour}@0.7` }, cx, cy, d);
      }),
      box(s, 0, 472, 1280, 8, '0x1971c2'),
    ],
    ['-c:v', 'libwebp', '-quality', '80', '-compression_level', '6'],
  );
}

/** One frame of the montage for a category, without a word in it: its colour, its icon and a key-point figure. */
function montageSlide(file, s, look, index, count) {
  const bars = [0.45, 0.7, 0.55, 0.85, 1].map((h, i) =>
    box(s, 130 + i * 80, 560 - Math.round(h * 300), 56, Math.round(h * 300), i === 4 ? look.colour : BRAND.track),
  );
  picture(file, 1280 * s, 720 * s, [
    box(s, 0, 0, 1280, 84, BRAND.band),
    box(s, 0, 0, 14, 720, look.colour),
    box(s, 56, 30, 24, 24, look.colour),
    ...bars,
    box(s, 110, 580, 420, 4, BRAND.muted),
    ...icon(s, look, 900, 400, 300),
    // The montage's own progress: one step a category.
    box(s, 0, 708, 1280, 12, BRAND.track),
    box(s, 0, 708, Math.round((1280 * (index + 1)) / count), 12, look.colour),
  ]);
}

/**
 * The landing hero: an opening card like the designed still, then one figure per category shown (its colour, icon
 * and a chart), 3 seconds each. Nothing in it is text: the landing writes its headline and buttons over the hero,
 * and burned-in titles collided with them at every crop of the banner.
 */
function hero(file, picks) {
  const dir = path.join(work, 'hero');
  fs.mkdirSync(dir);
  const s = 1.5;
  const titleFile = path.join(dir, 'title.png');
  picture(titleFile, 1920, 1080, [box(s, 0, 0, 1280, 720, '0x16365c@0.55'), box(s, 0, 0, 14, 720, '0x1971c2')]);
  const frames = [titleFile];
  picks.forEach(({ category }, i) => {
    const slide = path.join(dir, `pick-${i}.png`);
    montageSlide(slide, s, LOOK[category.key], i, picks.length);
    frames.push(slide);
  });
  const inputs = frames.flatMap((f) => ['-loop', '1', '-framerate', String(FPS), '-t', '3', '-i', f]);
  ff(
    ...inputs,
    ...['-filter_complex', `${frames.map((_, i) => `[${i}:v]`).join('')}concat=n=${frames.length}:v=1:a=0,format=yuv420p[v]`, '-map', '[v]'],
    ...['-r', String(FPS), '-c:v', 'libx264', '-threads', '1', '-preset', 'medium', '-tune', 'stillimage', '-crf', '30', '-g', String(FPS * 3)],
    ...['-an', '-movflags', '+faststart', ...EXACT, file],
  );
}

function expertPicture(file, name, colour) {
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('');
  const s = 0.2;
  picture(file, 256, 256, [box(s, 0, 0, 1280, 1280, colour), text(s, initials, { x: `(w-tw)/2`, y: `(h-th)/2`, size: 520, font: BOLD })], ['-q:v', '4']);
}

const PLAYBOOKS = {
  'kaizen-event-playbook': [
    'Kaizen event playbook',
    [
      'Week before: charter, scope, team, baseline data',
      'Day 1: train the team, walk the process',
      'Day 2: measure, map waste, find causes',
      'Day 3-4: try changes on the floor',
      'Day 5: standardise, report out, 30-day list',
    ],
  ],
  'five-s-audit-checklist': [
    '5S audit checklist',
    [
      'Sort: only needed items in the area',
      'Set in order: every item has a marked home',
      'Shine: clean, leaks and damage tagged',
      'Standardise: visual standards posted',
      'Sustain: audit score trended weekly',
    ],
  ],
  'lockout-tagout-procedure': [
    'Lockout / tagout procedure',
    [
      '1. Prepare: identify every energy source',
      '2. Notify affected people',
      '3. Shut down the equipment normally',
      '4. Isolate and apply personal locks and tags',
      '5. Release stored energy',
      '6. Verify zero energy: try to start',
    ],
  ],
  'oee-calculation-sheet': [
    'OEE calculation worksheet',
    [
      'Availability = run time / planned production time',
      'Performance = ideal cycle x total count / run time',
      'Quality = good count / total count',
      'OEE = availability x performance x quality',
    ],
  ],
  'supplier-scorecard': [
    'Supplier scorecard template',
    [
      'On-time delivery (%)',
      'Quality: defective parts per million',
      'Responsiveness to corrective actions',
      'Cost and continuous improvement',
      'Quarterly review and action plan',
    ],
  ],
  'incident-response-runbook': [
    'Cyber incident response runbook',
    [
      'Detect and report: who to call, day and night',
      'Contain: isolate networks, keep evidence',
      'Assess: what is affected, what is safe to run',
      'Recover: restore from tested backups',
      'Learn: review and close the gaps',
    ],
  ],
};

/** One-page PDFs with a title and checklist lines, written by hand (offsets computed). */
function playbook(file, title, lines) {
  const pdfText = (t) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const body = lines.map((line) => `0 -26 Td (${pdfText(line)}) Tj`).join(' ');
  const content = `BT /F1 22 Tf 72 720 Td (${pdfText(title)}) Tj /F1 12 Tf 0 -28 Td (Manufacturing Masters - demo playbook) Tj /F1 14 Tf 0 -14 Td ${body} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((objectBody, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${objectBody}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  fs.writeFileSync(file, pdf, 'latin1');
}

/**
 * No arguments: everything, into an emptied media folder. Video keys: only those lessons (with their
 * captions, card and trailers). --pictures: everything but the lessons, captions and trailers. --hero: only the landing's
 * montage and its designed still (web/public/landing-hero.webp).
 */
const lessonCount = (category) => category.sub_categories.reduce((n, s) => n + s.videos.length, 0);

function main() {
  const args = process.argv.slice(2);
  const picturesOnly = args.includes('--pictures');
  const heroOnly = args.includes('--hero');
  const keys = args.filter((arg) => arg !== '--pictures' && arg !== '--hero');
  const heroPicks = catalog.categories.filter((_, i) => i % 2 === 0).map((category) => ({ category }));
  if (heroOnly) {
    hero(path.join(here, catalog.landing.banner_video), heroPicks);
    heroStill(HERO_STILL);
    return;
  }
  if (!picturesOnly && !keys.length) fs.rmSync(media, { recursive: true, force: true });
  for (const dir of ['lessons', 'trailers', 'captions', 'landing', 'images/categories', 'images/videos', 'images/experts', 'playbooks']) {
    fs.mkdirSync(path.join(media, dir), { recursive: true });
  }
  for (const category of catalog.categories) {
    const look = LOOK[category.key];
    if (!look) throw new Error(`make-media.mjs has no colour and icon for category ${category.key}`);
    if (!keys.length) card(path.join(here, category.picture), look, `${lessonCount(category)} lessons`, category.name);
    for (const subCategory of category.sub_categories) {
      for (const video of subCategory.videos) {
        if (keys.length && !keys.includes(video.key)) continue;
        card(path.join(here, video.image), look, category.name, video.title);
        if (picturesOnly) continue;
        const lesson = renderLesson(category, subCategory, video);
        // Trailers: the opening, then (a second one) the middle of the lesson.
        (video.trailers ?? []).forEach((t, i) => {
          const from = i === 0 ? 0 : lesson.slides[Math.floor(lesson.slides.length / 2)].start;
          trailer(path.join(here, video.media), Math.min(from, lesson.seconds - TRAILER_SECONDS), path.join(here, t.media));
        });
        console.log(`${video.media}: ${lesson.seconds.toFixed(1)} s`);
      }
    }
  }
  if (keys.length) return;
  hero(path.join(here, catalog.landing.banner_video), heroPicks);
  heroStill(HERO_STILL);
  const palette = ['0x1971c2', '0xe03131', '0x2b8a3e', '0x6741d9', '0x0c8599', '0xd9480f'];
  catalog.experts.forEach((expert, i) => {
    expertPicture(path.join(here, expert.picture), expert.name, palette[i % palette.length]);
  });
  for (const [name, [title, lines]] of Object.entries(PLAYBOOKS)) playbook(path.join(media, 'playbooks', `${name}.pdf`), title, lines);
}

try {
  main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
