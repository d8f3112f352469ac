import { captionLang, createStudioLessonRequest, STUDIO_SCRIPT_MAX_STEPS, STUDIO_SCRIPT_MIN_STEPS, studioScriptStep, studioVersionRequest } from '@mm/contract';
import { z } from 'zod';

/**
 * lessons.json: an organization's own (studio) lessons as `export-catalog <dir> --organization <id>` writes them and
 * `import-lessons <dir>/lessons.json --organization <id>` reads them, beside the files it names (paths relative to it):
 *
 *   {
 *     "format": "organization-lessons", "version": 1,
 *     "organization": { "id": 3, "name": "Acme Plant" },        where the lessons come from (an import into it matches by id)
 *     "lessons": [{
 *       "id": 12,                                               the lesson's id there
 *       "title", "category", "description",                     as the studio keeps them
 *       "status": "draft" | "published" | "unpublished",        there (an import makes drafts: docs/decisions.md)
 *       "video": "media/<16 hex>" | null,                       the uploaded (or rendered) source, same bytes, whatever its container
 *       "poster": "posters/<16 hex>.jpg" | null,                the live video's poster (the import's processing makes its own)
 *       "duration_seconds": 42.5 | null,
 *       "captions": [{ "lang": "en", "origin": "author" | "machine",
 *                      "file": "captions/<16 hex>.vtt",          the stored (sanitized) track
 *                      "drafted_from": "<64 hex>" | null }],     a machine draft's source track (its stored file's hash)
 *       "script": [{ "text": "...", "photo": "photos/<32 hex>.jpg" | null }] | null,   3 to 10 steps
 *       "versions": [{ "lang": "es", "title", "description", "steps": ["..."], "origin": "author" | "machine" }]
 *     }]
 *   }
 */

export const LESSONS_JSON = 'lessons.json';
export const LESSONS_FORMAT = 'organization-lessons';

/** A file of the export, in its folder: one name (no dot first, so never `..`). */
const exportFile = (folder: string) =>
  z.string().regex(new RegExp(`^${folder}/[A-Za-z0-9][A-Za-z0-9._-]*$`), `must be a file of the export's ${folder}/ folder`);

const origin = z.enum(['author', 'machine']);

export const exportedLesson = z
  .object({
    id: z.number().int().positive(),
    ...createStudioLessonRequest.shape,
    status: z.enum(['draft', 'published', 'unpublished']),
    video: exportFile('media').nullable(),
    poster: exportFile('posters').nullable(),
    duration_seconds: z.number().nonnegative().nullable(),
    captions: z.array(
      z
        .object({
          lang: captionLang,
          origin,
          file: exportFile('captions'),
          drafted_from: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .nullable(),
        })
        .strict(),
    ),
    script: z
      .array(z.object({ text: studioScriptStep.shape.text, photo: exportFile('photos').nullable() }).strict())
      .min(STUDIO_SCRIPT_MIN_STEPS)
      .max(STUDIO_SCRIPT_MAX_STEPS)
      .nullable(),
    versions: z.array(
      z
        .object({
          lang: z.literal('es'),
          title: studioVersionRequest.shape.title,
          description: studioVersionRequest.shape.description,
          steps: studioVersionRequest.shape.steps,
          origin,
        })
        .strict(),
    ),
  })
  .strict();
export type ExportedLesson = z.infer<typeof exportedLesson>;

export const lessonsFileSchema = z
  .object({
    format: z.literal(LESSONS_FORMAT),
    version: z.literal(1),
    organization: z.object({ id: z.number().int().positive(), name: z.string() }).strict(),
    lessons: z.array(exportedLesson),
  })
  .strict();
export type LessonsFile = z.infer<typeof lessonsFileSchema>;
