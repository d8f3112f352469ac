import { z } from 'zod';
import { privateUpload } from './private-uploads.ts';
import type { WireInput } from './route.ts';

/**
 * A lesson from a script (issue 37): an author types 3 to 10 steps and the server renders a narrated slide lesson
 * with captions (the lesson's title and description open it); editing the steps and rendering again makes a new
 * revision once the lesson was published.
 */
export const STUDIO_SCRIPT_MIN_STEPS = 3;
export const STUDIO_SCRIPT_MAX_STEPS = 10;
export const STUDIO_SCRIPT_STEP_MAX_CHARS = 300;

const stepsMessage = `A lesson from a script has ${STUDIO_SCRIPT_MIN_STEPS} to ${STUDIO_SCRIPT_MAX_STEPS} steps.`;

export const studioScriptStep = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write what is said in each step (or remove the empty step).')
    .max(STUDIO_SCRIPT_STEP_MAX_CHARS, `A step may be ${STUDIO_SCRIPT_STEP_MAX_CHARS} characters at most.`),
  /** Shown beside the step's words on its slide; optional. */
  /**
   * A step's photo: the signed address an upload to /api/studio/script-photos or the script answered, or the address
   * it is kept at (private to the organization: nothing serves it unsigned).
   */
  photo_url: privateUpload('studio-photos', '\\d{1,12}/[0-9a-f]{32}\\.jpg', 'is not a photo uploaded for a script').nullable().default(null),
});
export type StudioScriptStep = z.infer<typeof studioScriptStep>;

export const studioScriptRequest = z.object({
  steps: z.array(studioScriptStep).min(STUDIO_SCRIPT_MIN_STEPS, stepsMessage).max(STUDIO_SCRIPT_MAX_STEPS, stepsMessage),
  /** What changed (a published lesson's new revision); required then. */
  summary: z.string().trim().max(500, 'The summary of the change may be 500 characters at most.').default(''),
  /** A published lesson's new revision asks everyone who completed it to watch it again. */
  requires_retraining: z.boolean().default(false),
});
export type StudioScriptRequest = WireInput<typeof studioScriptRequest>;

/** The lesson's script as last rendered (null for a lesson made from an uploaded video). */
export const studioScriptData = z.object({
  script: z.object({ steps: z.array(z.object({ text: z.string(), photo_url: z.string().nullable() })), updated_at: z.string() }).nullable(),
});
export type StudioScriptData = z.infer<typeof studioScriptData>;

/** A step's photo as kept: re-encoded (a JPEG at most 1280 px), under an address only the script names. */
export const studioScriptPhoto = z.object({ photo_url: z.string() });
export const STUDIO_SCRIPT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A narrated version of a lesson from a script in another language (issue 40): Spanish, drafted from the English
 * steps by Apertium and spoken by espeak-ng's Spanish voice. The version has as many steps as the English script
 * (each step keeps the English step's photo).
 */
export const STUDIO_VERSION_LANGS = ['es'] as const;
export const studioVersionLang = z.enum(STUDIO_VERSION_LANGS);
export type StudioVersionLang = z.infer<typeof studioVersionLang>;

export const studioVersionRequest = z.object({
  title: z.string().trim().min(1, 'Please give the lesson a title.').max(200),
  description: z.string().trim().max(5000).default(''),
  steps: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Write what is said in each step (or remove the empty step).')
        .max(STUDIO_SCRIPT_STEP_MAX_CHARS, `A step may be ${STUDIO_SCRIPT_STEP_MAX_CHARS} characters at most.`),
    )
    .min(STUDIO_SCRIPT_MIN_STEPS, stepsMessage)
    .max(STUDIO_SCRIPT_MAX_STEPS, stepsMessage),
});
export type StudioVersionRequest = WireInput<typeof studioVersionRequest>;

/** A lesson's version in a language: its script (saved, or Apertium's draft when none is saved) and its rendition. */
export const studioVersionData = z.object({
  lang: studioVersionLang,
  title: z.string(),
  description: z.string(),
  steps: z.array(z.string()),
  /** 'machine': Apertium's draft, not saved by an author yet. */
  origin: z.enum(['author', 'machine']),
  /** Whether this script is saved (false: a fresh draft, nothing rendered yet). */
  saved: z.boolean(),
  /** The rendition: null before it is first requested. */
  media_state: z.enum(['processing', 'ready', 'failed']).nullable(),
  progress: z.number(),
  error: z.string().nullable(),
  /** Whether members can be given it (a rendition is ready; kept while a new one renders). */
  playable: z.boolean(),
  /** Rendered beside an earlier English video: the lesson's English video changed since (members still get it). */
  out_of_date: z.boolean(),
  updated_at: z.string().nullable(),
});
export type StudioVersionData = z.infer<typeof studioVersionData>;
