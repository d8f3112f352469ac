// Renders the demo catalog's media from catalog.json and lessons.json with Debian's ffmpeg, espeak-ng and
// fonts-dejavu: each video a spoken slide lesson with WebVTT captions, its trailers, title-card pictures,
// expert initials, the landing hero and the playbooks. Run through ./make-media.sh.
import fs from 'node:fs';
import path from 'node:path';
import { BOLD, BRAND, EXACT, FPS, ffmpeg, renderSlideLesson, slideKit, toWebVtt, wrap } from '../src/lib/slide-lesson.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const catalog = JSON.parse(fs.readFileSync(path.join(here, 'catalog.json'), 'utf8'));
const lessons = JSON.parse(fs.readFileSync(path.join(here, 'lessons.json'), 'utf8'));
const media = path.join(here, 'media');
const work = fs.mkdtempSync('/tmp/mm-make-media-');
const { text, box, picture, icon, titleSlide, pointSlide, recapSlide } = slideKit(work);

const TRAILER_SECONDS = 15;

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

/**
 * One lesson: title, key points and recap, rendered by the slide-lesson generator (server/src/lib/slide-lesson.ts),
 * the one the studio's lessons from a script use.
 */
async function renderLesson(category, subCategory, video) {
  const script = lessons[video.key];
  if (!script) throw new Error(`lessons.json has no script for ${video.key}`);
  const look = LOOK[category.key];
  const expertNames = video.experts.map((key) => catalog.experts.find((e) => e.key === key).name);
  const points = script.map(([heading, say]) => ({ heading, say }));
  if (points.length < 4 || points.length > 8) throw new Error(`${video.key}: ${points.length} key points (4 to 8 expected)`);
  const title = {
    label: category.name,
    kicker: `Lesson · ${subCategory.name}`,
    title: video.title,
    byline: expertNames.length ? `with ${expertNames.join(' and ')}` : 'Manufacturing Masters',
  };
  const slides = [
    { narration: `${video.title}. ${video.description}`, draw: (file) => titleSlide(file, 1, look, title) },
    ...points.map((point, i) => ({
      narration: `${i + 1}. ${point.heading}. ${point.say}`,
      draw: (file) => pointSlide(file, 1, look, category.name, point, i + 1, points.length),
    })),
    {
      narration: `To recap: ${points.map((p) => p.heading).join('; ')}. Thanks for watching.`,
      draw: (file) =>
        recapSlide(
          file,
          1,
          look,
          category.name,
          points.map((p) => p.heading),
        ),
    },
  ];
  const dir = path.join(work, video.key);
  fs.mkdirSync(dir);
  const lesson = await renderSlideLesson({ slides, work: dir, output: path.join(here, video.media), look, scale: 1 });
  if (lesson.seconds < 45 || lesson.seconds > 120) throw new Error(`${video.key}: ${lesson.seconds.toFixed(1)} s long (45 to 120 s expected)`);
  fs.writeFileSync(path.join(media, 'captions', `${video.key}.en.vtt`), toWebVtt(lesson.cues));
  return lesson;
}

/** A 640x360 title card: category colour, icon, kicker and title. */
async function card(file, look, kicker, title) {
  const s = 0.5;
  const lines = wrap(title, 19).slice(0, 3);
  await picture(
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
async function trailer(source, from, file) {
  await ffmpeg(
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
async function heroStill(file) {
  const s = 0.75;
  const looks = catalog.categories.map((c) => LOOK[c.key]);
  await picture(
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
async function montageSlide(file, s, look, index, count) {
  const bars = [0.45, 0.7, 0.55, 0.85, 1].map((h, i) =>
    box(s, 130 + i * 80, 560 - Math.round(h * 300), 56, Math.round(h * 300), i === 4 ? look.colour : BRAND.track),
  );
  await picture(file, 1280 * s, 720 * s, [
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
async function hero(file, picks) {
  const dir = path.join(work, 'hero');
  fs.mkdirSync(dir);
  const s = 1.5;
  const titleFile = path.join(dir, 'title.png');
  await picture(titleFile, 1920, 1080, [box(s, 0, 0, 1280, 720, '0x16365c@0.55'), box(s, 0, 0, 14, 720, '0x1971c2')]);
  const frames = [titleFile];
  for (const [i, { category }] of picks.entries()) {
    const slide = path.join(dir, `pick-${i}.png`);
    await montageSlide(slide, s, LOOK[category.key], i, picks.length);
    frames.push(slide);
  }
  const inputs = frames.flatMap((f) => ['-loop', '1', '-framerate', String(FPS), '-t', '3', '-i', f]);
  await ffmpeg(
    ...inputs,
    ...['-filter_complex', `${frames.map((_, i) => `[${i}:v]`).join('')}concat=n=${frames.length}:v=1:a=0,format=yuv420p[v]`, '-map', '[v]'],
    ...['-r', String(FPS), '-c:v', 'libx264', '-threads', '1', '-preset', 'medium', '-tune', 'stillimage', '-crf', '30', '-g', String(FPS * 3)],
    ...['-an', '-movflags', '+faststart', ...EXACT, file],
  );
}

async function expertPicture(file, name, colour) {
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('');
  const s = 0.2;
  await picture(file, 256, 256, [box(s, 0, 0, 1280, 1280, colour), text(s, initials, { x: `(w-tw)/2`, y: `(h-th)/2`, size: 520, font: BOLD })], ['-q:v', '4']);
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

async function main() {
  const args = process.argv.slice(2);
  const picturesOnly = args.includes('--pictures');
  const heroOnly = args.includes('--hero');
  const keys = args.filter((arg) => arg !== '--pictures' && arg !== '--hero');
  const heroPicks = catalog.categories.filter((_, i) => i % 2 === 0).map((category) => ({ category }));
  if (heroOnly) {
    await hero(path.join(here, catalog.landing.banner_video), heroPicks);
    await heroStill(HERO_STILL);
    return;
  }
  if (!picturesOnly && !keys.length) fs.rmSync(media, { recursive: true, force: true });
  for (const dir of ['lessons', 'trailers', 'captions', 'landing', 'images/categories', 'images/videos', 'images/experts', 'playbooks']) {
    fs.mkdirSync(path.join(media, dir), { recursive: true });
  }
  for (const category of catalog.categories) {
    const look = LOOK[category.key];
    if (!look) throw new Error(`make-media.mjs has no colour and icon for category ${category.key}`);
    if (!keys.length) await card(path.join(here, category.picture), look, `${lessonCount(category)} lessons`, category.name);
    for (const subCategory of category.sub_categories) {
      for (const video of subCategory.videos) {
        if (keys.length && !keys.includes(video.key)) continue;
        await card(path.join(here, video.image), look, category.name, video.title);
        if (picturesOnly) continue;
        const lesson = await renderLesson(category, subCategory, video);
        // Trailers: the opening, then (a second one) the middle of the lesson.
        for (const [i, t] of (video.trailers ?? []).entries()) {
          const from = i === 0 ? 0 : lesson.slides[Math.floor(lesson.slides.length / 2)].start;
          await trailer(path.join(here, video.media), Math.min(from, lesson.seconds - TRAILER_SECONDS), path.join(here, t.media));
        }
        console.log(`${video.media}: ${lesson.seconds.toFixed(1)} s`);
      }
    }
  }
  if (keys.length) return;
  await hero(path.join(here, catalog.landing.banner_video), heroPicks);
  await heroStill(HERO_STILL);
  const palette = ['0x1971c2', '0xe03131', '0x2b8a3e', '0x6741d9', '0x0c8599', '0xd9480f'];
  for (const [i, expert] of catalog.experts.entries()) {
    await expertPicture(path.join(here, expert.picture), expert.name, palette[i % palette.length]);
  }
  for (const [name, [title, lines]] of Object.entries(PLAYBOOKS)) playbook(path.join(media, 'playbooks', `${name}.pdf`), title, lines);
}

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
