import fs from 'node:fs';
import path from 'node:path';
import { countOf } from '@mm/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type Cue, MAX_CAPTION_BYTES, parseWebVtt, WebVttError } from '../captions/index.ts';
import { type CatalogFile, catalogFileSchema, type FileChecks } from './catalog-file.schema.ts';
import { imageExtension, isFile, isPdf } from './catalog-files.ts';
import { hashFile, MediaError, type MediaProbe, probeMedia } from './media.ts';

/**
 * Everything about a catalog file that can be wrong is found here, before anything is written:
 * JSON syntax, the schema, missing or wrong files, duplicate keys, unknown experts, and media
 * that ffprobe cannot read. Every problem is listed with its JSON path.
 */

export class CatalogError extends AppError {
  constructor(readonly problems: string[]) {
    super(400, `The catalog has ${countOf(problems.length, 'problem')}; nothing was imported:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** A media file of the catalog, probed and hashed; `file` is absolute. */
export type SourceMedia = { file: string; hash: string; probe: MediaProbe };

export type ValidCatalog = {
  catalog: CatalogFile;
  /** The catalog file's folder: paths in the file are relative to it. */
  baseDir: string;
  /** Absolute path of a file named in the catalog. */
  resolve: (relativePath: string) => string;
  /** By absolute path. */
  media: Map<string, SourceMedia>;
  /** Cues of each caption file, by absolute path. */
  captions: Map<string, Cue[]>;
};

function readJson(file: string): unknown {
  if (!isFile(file)) throw new CatalogError([`${file}: file not found`]);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogError([`${path.basename(file)}: not valid JSON (${(error as Error).message})`]);
  }
}

/** Caption files are read whole and parsed once here; `captions` keeps the cues of the good ones. */
function fileChecks(resolve: (p: string) => string, captions: Map<string, Cue[]>): FileChecks {
  const found = (relativePath: string) => (isFile(resolve(relativePath)) ? undefined : `file not found: ${relativePath}`);
  const webVtt = (relativePath: string) => {
    const file = resolve(relativePath);
    if (captions.has(file)) return undefined;
    if (fs.statSync(file).size > MAX_CAPTION_BYTES) return `${relativePath} is larger than ${MAX_CAPTION_BYTES / 1024} KB`;
    try {
      captions.set(file, parseWebVtt(fs.readFileSync(file)));
      return undefined;
    } catch (error) {
      if (!(error instanceof WebVttError)) throw error;
      return `${relativePath} is not valid WebVTT: it ${error.message}`;
    }
  };
  return {
    media: found,
    image: (p) => found(p) ?? (imageExtension(resolve(p)) ? undefined : `not a JPEG, PNG or WebP image: ${p}`),
    playbook: (p) => found(p) ?? (isPdf(resolve(p)) ? undefined : `not a PDF: ${p}`),
    captions: (p) => found(p) ?? webVtt(p),
  };
}

/** `categories[2].sub_categories[0].key` from zod's path array. */
function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i ? '.' : ''}${String(s)}`)).join('') || '(the file)';
}

function schemaProblems(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => `${jsonPath([...issue.path, k])}: unknown field`)
      : [`${jsonPath(issue.path)}: ${issue.message}`],
  );
}

/** Plain messages for the issues the schema does not word itself. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'is required';
  return `must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;

/**
 * Duplicate keys and unknown expert keys. Walks the raw JSON defensively, so these are reported
 * even when other parts of the file do not match the schema.
 */
function referenceProblems(raw: unknown): string[] {
  const problems: string[] = [];
  const firstSeen = new Map<string, string>();
  const claim = (kind: string, key: unknown, at: string) => {
    if (typeof key !== 'string') return;
    const first = firstSeen.get(`${kind}:${key}`);
    if (first) problems.push(`${at}: duplicate key "${key}" (already used at ${first})`);
    else firstSeen.set(`${kind}:${key}`, at);
  };
  const experts = new Set(list(field(raw, 'experts')).map((e) => field(e, 'key')));
  const knownExpert = (key: unknown, at: string) => {
    if (typeof key === 'string' && !experts.has(key)) problems.push(`${at}: unknown expert "${key}" (not in "experts")`);
  };

  for (const [i, expert] of list(field(raw, 'experts')).entries()) claim('expert', field(expert, 'key'), `experts[${i}].key`);
  list(field(raw, 'categories')).forEach((category, ci) => {
    const at = `categories[${ci}]`;
    claim('category', field(category, 'key'), `${at}.key`);
    knownExpert(field(category, 'expert'), `${at}.expert`);
    list(field(category, 'sub_categories')).forEach((sub, si) => {
      claim('sub-category', field(sub, 'key'), `${at}.sub_categories[${si}].key`);
      list(field(sub, 'videos')).forEach((video, vi) => {
        const videoAt = `${at}.sub_categories[${si}].videos[${vi}]`;
        claim('video', field(video, 'key'), `${videoAt}.key`);
        const listed = new Set<unknown>();
        list(field(video, 'experts')).forEach((key, ki) => {
          knownExpert(key, `${videoAt}.experts[${ki}]`);
          if (listed.has(key)) problems.push(`${videoAt}.experts[${ki}]: "${String(key)}" is listed twice`);
          listed.add(key);
        });
      });
    });
  });
  for (const [i, plan] of list(field(raw, 'plans')).entries()) claim('plan', field(plan, 'key'), `plans[${i}].key`);
  for (const [i, page] of list(field(raw, 'pages')).entries()) claim('page', field(page, 'unique_id'), `pages[${i}].unique_id`);
  return problems;
}

/** Every media reference of the catalog with its JSON path. */
function mediaReferences(catalog: CatalogFile): { at: string; file: string }[] {
  const references: { at: string; file: string }[] = [];
  catalog.categories.forEach((category, ci) => {
    category.sub_categories.forEach((sub, si) => {
      sub.videos.forEach((video, vi) => {
        const at = `categories[${ci}].sub_categories[${si}].videos[${vi}]`;
        references.push({ at: `${at}.media`, file: video.media });
        for (const [ti, trailer] of video.trailers.entries()) references.push({ at: `${at}.trailers[${ti}].media`, file: trailer.media });
      });
    });
  });
  if (catalog.landing) {
    references.push({ at: 'landing.banner_video', file: catalog.landing.banner_video });
    for (const [i, section] of catalog.landing.sections.entries()) references.push({ at: `landing.sections[${i}].video`, file: section.video });
  }
  return references;
}

/**
 * Probes already known by content hash (the demo catalog ships its media's, server/demo-catalog/media/probes.json): the
 * same bytes probe the same, so a first start skips ffprobe's start-up, about a tenth of a core-second a file.
 */
export type KnownProbes = ReadonlyMap<string, MediaProbe>;

/** ffprobe runs at once: most of a probe is the tool's start, so a few side by side use both cores of a small machine. */
const PROBES_AT_ONCE = 4;

/** Probes and hashes each distinct media file once, a few at a time; unreadable ones are problems at every reference. */
async function probeAll(catalog: CatalogFile, resolve: (p: string) => string, knownProbes: KnownProbes): Promise<Map<string, SourceMedia>> {
  const references = mediaReferences(catalog).map(({ at, file }) => ({ at, file, absolute: resolve(file) }));
  const distinct = [...new Set(references.map((r) => r.absolute))];
  const outcomes = new Map<string, SourceMedia | string>();
  let next = 0;
  const probeNext = async (): Promise<void> => {
    for (let i = next++; i < distinct.length; i = next++) {
      const absolute = distinct[i] as string;
      try {
        const hash = await hashFile(absolute);
        outcomes.set(absolute, { file: absolute, probe: knownProbes.get(hash) ?? (await probeMedia(absolute)), hash });
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        outcomes.set(absolute, error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROBES_AT_ONCE, distinct.length) }, probeNext));
  // In the catalog's order, as one at a time answered them.
  const media = new Map<string, SourceMedia>();
  const problems: string[] = [];
  for (const { at, file, absolute } of references) {
    const outcome = outcomes.get(absolute);
    if (typeof outcome === 'string') problems.push(`${at}: ${file} ${outcome}`);
    else if (outcome && !media.has(absolute)) media.set(absolute, outcome);
  }
  if (problems.length) throw new CatalogError(problems);
  return media;
}

const byPath = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Reads, validates and probes a catalog file; throws CatalogError listing every problem. */
export async function validateCatalog(catalogFile: string, knownProbes: KnownProbes = new Map()): Promise<ValidCatalog> {
  const raw = readJson(catalogFile);
  const baseDir = path.dirname(catalogFile);
  const resolve = (relativePath: string) => path.resolve(baseDir, relativePath);
  const captions = new Map<string, Cue[]>();
  const parsed = catalogFileSchema(fileChecks(resolve, captions)).safeParse(raw, { error: describeIssue });
  const problems = [...(parsed.success ? [] : schemaProblems(parsed.error)), ...referenceProblems(raw)].sort(byPath);
  if (!parsed.success || problems.length) throw new CatalogError(problems);
  return { catalog: parsed.data, baseDir, resolve, media: await probeAll(parsed.data, resolve, knownProbes), captions };
}
