import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG } from '../../cli/seed-demo.ts';
import { parseWebVtt } from '../captions/webvtt.ts';
import { probeMedia } from './media.ts';

/** The demo lessons made by server/demo-catalog/make-media.sh: real spoken lessons, captioned, in a budget. */

const baseDir = path.dirname(DEMO_CATALOG);
/** The file as written (before the import's defaults). */
type DemoVideo = {
  key: string;
  title: string;
  description: string;
  media: string;
  image: string;
  trailers?: { media: string }[];
  translations?: { es?: { title: string; description: string } };
};
type Named = { key: string; name: string; translations?: { es?: { name: string } } };
type DemoCatalog = { categories: (Named & { picture: string; sub_categories: (Named & { videos: DemoVideo[] })[] })[] };
const catalog = JSON.parse(fs.readFileSync(DEMO_CATALOG, 'utf8')) as DemoCatalog;
const videos = catalog.categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos));
const captionFile = (key: string) => path.join(baseDir, 'media', 'captions', `${key}.en.vtt`);

/** Seconds of the first audio stream, as ffprobe reads it. */
function audioSeconds(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file]);
  return Number(out.toString().trim());
}

function pictureSize(file: string): string {
  return execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file]).toString().trim();
}

describe('the demo lessons', () => {
  it('are at least 120 videos, about ten in every category', () => {
    expect(videos.length).toBeGreaterThanOrEqual(120);
    for (const category of catalog.categories) expect(category.sub_categories.flatMap((s) => s.videos).length, category.key).toBeGreaterThanOrEqual(10);
    expect(new Set(videos.map((v) => v.key)).size).toBe(videos.length);
    expect(new Set(videos.map((v) => v.media)).size).toBe(videos.length);
  });

  it('name every category and sub-category in Spanish, as the plant says them (never a machine draft)', () => {
    const named = catalog.categories.flatMap((c) => [c, ...c.sub_categories]);
    expect(named.filter((n) => !n.translations?.es?.name).map((n) => n.key)).toEqual([]);
    const spanish = Object.fromEntries(named.map((n) => [n.key, n.translations?.es?.name]));
    expect(spanish).toMatchObject({
      'continuous-improvement': 'Mejora continua',
      'lean-foundations': 'Fundamentos de manufactura esbelta',
      'lockout-tagout': 'Bloqueo y etiquetado',
    });
  });

  it('each have a Spanish title and description of their own, as the plant says them (never a machine draft)', () => {
    const untranslated = videos.filter((v) => !v.translations?.es?.title.trim() || !v.translations.es.description.trim());
    expect(untranslated.map((v) => v.key)).toEqual([]);
    // Written, not copied over: an English line left in place is what a Spanish plant would read as ours.
    const keptEnglish = videos.filter((v) => v.translations!.es!.title === v.title || v.translations!.es!.description === v.description);
    expect(keptEnglish.map((v) => v.key)).toEqual([]);
    const spanishTitles = Object.fromEntries(videos.map((v) => [v.key, v.translations!.es!.title]));
    expect(spanishTitles).toMatchObject({
      'pdca-plan-do-check-act': 'PDCA: Planificar, Hacer, Verificar, Actuar',
      'lockout-tagout-fundamentals': 'Fundamentos de bloqueo y etiquetado',
      'process-fmea-from-scratch': 'AMEF de proceso desde cero',
    });
  });

  it('each have a script of their own (lessons.json): no key point said twice across the library', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(baseDir, 'lessons.json'), 'utf8')) as Record<string, [string, string][]>;
    expect(Object.keys(scripts).sort()).toEqual(videos.map((v) => v.key).sort());
    const said = Object.values(scripts).flatMap((points) => points.map(([, say]) => say));
    expect(new Set(said).size).toBe(said.length);
  });

  it.each(videos.map((v) => [v.key, v] as const))('%s is a 45 to 120 second video with speech all through', async (_key, video) => {
    const file = path.join(baseDir, video.media);
    const probe = await probeMedia(file);
    expect(probe.hasAudio).toBe(true);
    expect(probe.height).toBeGreaterThanOrEqual(720);
    expect(probe.durationSeconds).toBeGreaterThanOrEqual(45);
    expect(probe.durationSeconds).toBeLessThanOrEqual(120);
    expect(Math.abs(audioSeconds(file) - probe.durationSeconds)).toBeLessThan(0.5);
    for (const trailer of video.trailers ?? []) {
      const cut = await probeMedia(path.join(baseDir, trailer.media));
      expect(cut.hasAudio).toBe(true);
      expect(cut.durationSeconds).toBeCloseTo(15, 0);
    }
  });

  it.each(videos.map((v) => [v.key, v] as const))('%s has English captions that cover it from start to end', async (key, video) => {
    const { durationSeconds } = await probeMedia(path.join(baseDir, video.media));
    const cues = parseWebVtt(fs.readFileSync(captionFile(key)));
    expect(cues.length).toBeGreaterThanOrEqual(5);
    expect(cues[0]!.startMs).toBe(0);
    // In order, no overlap and no silence-long gap between cues, the last ending with the video.
    cues.slice(1).forEach((cue, i) => {
      expect(cue.startMs).toBeGreaterThanOrEqual(cues[i]!.endMs);
      expect(cue.startMs - cues[i]!.endMs).toBeLessThan(1000);
    });
    expect(Math.abs(cues.at(-1)!.endMs / 1000 - durationSeconds)).toBeLessThan(1);
    // The captions say what the lesson title says.
    expect(cues[0]!.text.replace(/\n/g, ' ')).toContain(video.title.split(':')[0]);
  });

  it('have designed 640x360 title cards, and the whole media folder stays under 92 MB', () => {
    for (const picture of [...catalog.categories.map((c) => c.picture), ...videos.map((v) => v.image)]) {
      expect(pictureSize(path.join(baseDir, picture)), picture).toBe('640x360');
    }
    const mediaDir = path.join(baseDir, 'media');
    const bytes = fs
      .readdirSync(mediaDir, { recursive: true, withFileTypes: true })
      .reduce((n, entry) => (entry.isFile() ? n + fs.statSync(path.join(entry.parentPath, entry.name)).size : n), 0);
    // 40 lessons came to 31 MB; the 14 lessons of the demo plant's stations (issue 33) to 42 MB; the 67 lessons that
    // took the library to 121 (issue 33, about 0.7 MB each, no trailers) to 89 MB.
    expect(bytes).toBeLessThan(92 * 1024 * 1024);
  });
});
