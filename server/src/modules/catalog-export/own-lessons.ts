import fs from 'node:fs';
import path from 'node:path';
import type { StudioScriptStep } from '@mm/contract';
import { countOf } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { MEDIA_KEY_PREFIX } from '../../lib/storage/storage.ts';
import { CAPTIONS_FILE, parseWebVtt, WebVttError } from '../captions/index.ts';
import { MediaError, POSTER, probeMedia } from '../catalog/index.ts';
import { type ImportedLesson, importLessonDetails, importOwnLesson, lessonSourceCopy, lessonsImportTarget } from '../studio/index.ts';
import { assertWritableDirectory, copyExportFiles, copyHashed, type StoredFile, writeExport } from './catalog-export.ts';
import { type ExportedLesson, LESSONS_FORMAT, LESSONS_JSON, type LessonsFile, lessonsFileSchema } from './lessons-file.schema.ts';
import { exportedLessonScripts, exportedLessonTracks, exportedLessonVersions, exportedOrganization, exportedOwnLessons } from './own-lessons.queries.ts';

/**
 * An organization's own (studio) lessons out and back in: `export-catalog <dir> --organization <id>` writes
 * lessons.json (lessons-file.schema.ts) beside their files; `import-lessons <dir>/lessons.json --organization <id>`
 * writes them into an organization through the studio module. Into the organization they came from, a lesson is
 * matched by its id; into another, by its title and category (the nth lesson of a title and category in the file is
 * the nth one the organization has). A matched lesson only has its details set when they differ, so importing an
 * export back changes nothing; the others are created as new drafts processed by the studio's own job.
 */

/** An organization's lessons, or the caller's mistake in words. */
async function organizationOf(ctx: Pick<AppContext, 'db'>, organizationId: number) {
  const organization = await exportedOrganization(ctx.db, organizationId);
  if (!organization) throw new AppError(404, `No organization has the id ${organizationId}.`);
  return organization;
}

/** A file of the export and what it is, for the problems; `video`: the lesson's source upload, checked against its hash. */
type LessonFile = StoredFile | { kind: 'video'; sourcePath: string; hash: string; what: string };

export type LessonsExportSummary = { lessons: number; files: number };

/** Writes the organization's own lessons into `directory` (new or empty) and answers what it holds. */
export async function exportOwnLessons(ctx: AppContext, directory: string, organizationId: number): Promise<LessonsExportSummary> {
  const dir = path.resolve(directory);
  const existed = assertWritableDirectory(dir);
  const organization = await organizationOf(ctx, organizationId);
  const lessons = await exportedOwnLessons(ctx.db, organizationId);
  const ids = lessons.map((l) => l.id);
  const [tracks, scripts, versions] = await Promise.all([
    exportedLessonTracks(ctx.db, ids),
    exportedLessonScripts(ctx.db, ids),
    exportedLessonVersions(ctx.db, ids),
  ]);

  const files = new Map<string, LessonFile>();
  const add = (name: string, file: LessonFile) => {
    if (!files.has(name)) files.set(name, file);
    return name;
  };
  const file: LessonsFile = {
    format: LESSONS_FORMAT,
    version: 1,
    organization: { id: organization.id, name: organization.name },
    lessons: lessons.map((lesson): ExportedLesson => {
      const what = `lesson ${lesson.id} ("${lesson.title}")`;
      const hash = lesson.content_hash;
      const script = scripts.find((s) => s.lesson_id === lesson.id);
      return {
        id: lesson.id,
        title: lesson.title,
        category: lesson.category,
        description: lesson.description,
        status: lesson.published_at !== null ? 'published' : lesson.unpublished_at !== null ? 'unpublished' : 'draft',
        video:
          hash && lesson.source_path
            ? add(`media/${hash.slice(0, 16)}`, { kind: 'video', sourcePath: lesson.source_path, hash, what: `${what}'s video` })
            : null,
        poster: hash
          ? add(`posters/${hash.slice(0, 16)}.jpg`, { kind: 'stored', key: `${MEDIA_KEY_PREFIX}${hash}/${POSTER}`, what: `${what}'s poster` })
          : null,
        duration_seconds: lesson.duration_seconds === null ? null : Number(lesson.duration_seconds),
        captions: tracks
          .filter((t) => t.lesson_id === lesson.id)
          .map((t) => ({
            lang: t.lang,
            origin: t.origin,
            file: add(`captions/${t.hash.slice(0, 16)}.vtt`, {
              kind: 'stored',
              key: `${MEDIA_KEY_PREFIX}${t.hash}/${CAPTIONS_FILE}`,
              what: `${what}'s ${t.lang} captions`,
            }),
            drafted_from: t.source_hash,
          })),
        script: script
          ? (JSON.parse(script.steps) as StudioScriptStep[]).map((step, i) => ({
              text: step.text,
              photo: step.photo_url
                ? add(`photos/${path.posix.basename(step.photo_url)}`, { kind: 'stored', key: step.photo_url.slice(1), what: `${what}'s step ${i + 1} photo` })
                : null,
            }))
          : null,
        versions: versions
          .filter((v) => v.lesson_id === lesson.id)
          .map((v) => ({ lang: v.lang as 'es', title: v.title, description: v.description, steps: JSON.parse(v.steps) as string[], origin: v.origin })),
      };
    }),
  };

  await writeExport(dir, existed, LESSONS_JSON, file, () =>
    copyExportFiles(ctx, dir, files, async (source, target) => {
      const { file: local, release } = await lessonSourceCopy(ctx, source.sourcePath).catch(() => ({ file: '', release: async () => {} }));
      try {
        if (!local || !fs.statSync(local, { throwIfNoEntry: false })?.isFile()) return `${source.what}: its upload ${source.sourcePath} is gone`;
        return (await copyHashed(local, target)) === source.hash ? null : `${source.what}: its upload ${source.sourcePath} is not the video it was made of`;
      } finally {
        await release();
      }
    }),
  );
  return { lessons: lessons.length, files: files.size + 1 };
}

export function describeLessonsExport(summary: LessonsExportSummary, organizationId: number, directory: string): string {
  return `Organization ${organizationId}'s own lessons exported to ${directory}: ${countOf(summary.lessons, 'lesson')} (${countOf(summary.files, 'file')}).`;
}

/** Every problem of a lessons file, found before anything is written. */
export class LessonsImportError extends AppError {
  constructor(readonly problems: string[]) {
    super(400, `The file has ${countOf(problems.length, 'problem')}; nothing was imported:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export type LessonsImportSummary = { created: number; updated: number; unchanged: number; queued: number };

/** Where in the file a problem is, as it would be written in JavaScript (`lessons[1].captions[0].lang`). */
const placeOf = (at: readonly PropertyKey[]) =>
  at
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '') || 'the file';

/** The file read and checked: each lesson as the studio imports it, beside its place in the file. */
async function readLessonsFile(
  ctx: AppContext,
  file: string,
): Promise<{ source: LessonsFile; lessons: { exported: ExportedLesson; lesson: ImportedLesson }[] }> {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LessonsImportError([`${file}: ${(error as Error).message}`]);
  }
  const parsed = lessonsFileSchema.safeParse(json);
  if (!parsed.success) throw new LessonsImportError(parsed.error.issues.map((issue) => `${placeOf(issue.path)}: ${issue.message}`));
  const dir = path.dirname(file);
  const problems: string[] = [];
  const present = (name: string, where: string) => {
    const full = path.join(dir, name);
    if (fs.statSync(full, { throwIfNoEntry: false })?.isFile()) return full;
    problems.push(`${where}: ${name} is not beside the file`);
    return null;
  };
  const lessons = [];
  for (const [i, exported] of parsed.data.lessons.entries()) {
    const where = `lessons[${i}] ("${exported.title}")`;
    const video = exported.video && present(exported.video, `${where}.video`);
    if (video) {
      try {
        const probe = await probeMedia(video);
        if (probe.durationSeconds > ctx.config.studio.maxSeconds)
          problems.push(`${where}.video: lasts ${Math.ceil(probe.durationSeconds)} s, a lesson's video ${ctx.config.studio.maxSeconds} s at most`);
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        problems.push(`${where}.video: the file ${error.message}`);
      }
    }
    const captions = [];
    for (const [j, track] of exported.captions.entries()) {
      const full = present(track.file, `${where}.captions[${j}]`);
      if (!full) continue;
      try {
        captions.push({ lang: track.lang, origin: track.origin, sourceHash: track.drafted_from, cues: parseWebVtt(fs.readFileSync(full)) });
      } catch (error) {
        if (!(error instanceof WebVttError)) throw error;
        problems.push(`${where}.captions[${j}]: ${track.file} ${error.message}`);
      }
    }
    if (new Set(exported.captions.map((t) => t.lang)).size !== exported.captions.length) problems.push(`${where}.captions: a language has two tracks`);
    const script = exported.script?.map((step, j) => {
      const photo = step.photo && present(step.photo, `${where}.script[${j}].photo`);
      // A script's photos are kept as JPEGs (the studio re-encodes every photo it is sent).
      if (photo && fs.readFileSync(photo).subarray(0, 3).toString('hex') !== 'ffd8ff')
        problems.push(`${where}.script[${j}].photo: ${step.photo} is not a JPEG`);
      return { text: step.text, photo };
    });
    if (exported.versions.length && !script) problems.push(`${where}.versions: only a lesson from a script has narrated versions`);
    if (exported.versions.some((v) => v.steps.length !== script?.length)) problems.push(`${where}.versions: a version has as many steps as the script`);
    lessons.push({
      exported,
      lesson: {
        title: exported.title,
        category: exported.category,
        description: exported.description,
        video,
        captions,
        script: script ?? null,
        versions: exported.versions,
      },
    });
  }
  if (problems.length) throw new LessonsImportError(problems);
  return { source: parsed.data, lessons };
}

/**
 * Imports a lessons file into the organization: every problem of the file (or of the organization: none, no super
 * user to record it as, its studio storage too small) listed before anything is written.
 */
export async function importOwnLessons(ctx: AppContext, file: string, organizationId: number): Promise<LessonsImportSummary> {
  await organizationOf(ctx, organizationId);
  const { source, lessons } = await readLessonsFile(ctx, file);
  const target = await lessonsImportTarget(ctx, organizationId);
  const sameOrganization = source.organization.id === organizationId;
  const unmatched = [...target.lessons];
  const take = (found: (typeof unmatched)[number] | undefined) => {
    if (found) unmatched.splice(unmatched.indexOf(found), 1);
    return found;
  };
  const plan = lessons.map(({ exported, lesson }) => ({
    lesson,
    known: take(
      sameOrganization ? unmatched.find((l) => l.id === exported.id) : unmatched.find((l) => l.title === exported.title && l.category === exported.category),
    ),
  }));
  const created = plan.filter((p) => !p.known);
  const changed = plan.filter(
    (p) => p.known && (p.known.title !== p.lesson.title || p.known.category !== p.lesson.category || p.known.description !== p.lesson.description),
  );
  const problems: string[] = [];
  if (target.by === null && (created.length || changed.length))
    problems.push(`organization ${organizationId} has no super user to record the import as: create one first (create-user --super-user)`);
  const bytes = created.reduce(
    (n, { lesson }) => n + [lesson.video, ...(lesson.script ?? []).map((s) => s.photo)].reduce((m, f) => m + (f ? fs.statSync(f).size : 0), 0),
    0,
  );
  if (bytes > target.storageLeft)
    problems.push(
      `organization ${organizationId}'s studio storage has ${Math.max(0, target.storageLeft)} bytes left and the new lessons need ${bytes} (set-studio-quota)`,
    );
  if (problems.length) throw new LessonsImportError(problems);

  const from = path.basename(file);
  const by = target.by as number;
  for (const { known, lesson } of changed)
    if (known) {
      const { title, category, description } = lesson;
      await importLessonDetails(ctx, organizationId, known.id, { title, category, description }, by, from);
    }
  for (const { lesson } of created) await importOwnLesson(ctx, organizationId, lesson, by, from);
  return {
    created: created.length,
    updated: changed.length,
    unchanged: plan.length - created.length - changed.length,
    queued: created.filter((p) => p.lesson.video).length,
  };
}

export function describeLessonsImport(summary: LessonsImportSummary, organizationId: number): string {
  const s = summary;
  return (
    `Lessons imported into organization ${organizationId}: ${s.created} created (${countOf(s.queued, 'video')} queued for processing), ` +
    `${s.updated} updated, ${s.unchanged} unchanged.`
  );
}
