import { LOCALES } from '@mm/contract';
import { z } from 'zod';

/**
 * The catalog JSON (design.md, "The catalog"). Objects are strict so a misspelt field is reported
 * rather than silently ignored. File fields are checked through `FileChecks`, so a missing or wrong
 * file is reported with its JSON path together with every other problem.
 */

/** Answers a problem with the file at a path relative to the catalog file, or undefined when it is fine. */
type FileCheck = (relativePath: string) => string | undefined;
export type FileChecks = { media: FileCheck; image: FileCheck; playbook: FileCheck; captions: FileCheck };

const key = z
  .string()
  .max(60, 'must be at most 60 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, "-" or "_"');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const longText = z.string().max(20_000, 'must be at most 20000 characters');
const flag = z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'must be 0 or 1' }).transform((v) => (v === true || v === 1 ? 1 : 0));
const sort = z.number().int('must be a whole number').min(0, 'must be 0 or more');
/** An http(s) link; one without a scheme ("forms.example.com/x") is kept as written, the web opens it with https:// added. */
const link = z.union([
  z.literal(''),
  z.string().trim().refine(isWebLink, { error: 'must be an http(s) link, a link without a scheme (https:// is added) or ""' }),
]);

function isWebLink(value: string): boolean {
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** ISO date ("2026-01-31", midnight UTC), ISO date-time with a zone, or epoch milliseconds. */
const publishTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true }), z.number().int().min(0)], {
    error: 'must be an ISO date (2026-01-31), an ISO date-time with a zone (2026-01-31T09:00:00Z) or epoch milliseconds',
  })
  .transform((v) => (typeof v === 'number' ? v : Date.parse(v)));

function fileRef(check: FileCheck) {
  return z
    .string()
    .min(1, 'must not be empty')
    .superRefine((relativePath, ctx) => {
      const problem = check(relativePath);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export function catalogFileSchema(files: FileChecks) {
  const media = fileRef(files.media);
  const image = fileRef(files.image).optional();

  const expert = z.strictObject({
    key,
    name: text(100),
    email: z.email('must be an e-mail address').max(254),
    bio: longText.default(''),
    picture: image,
    /** The language the expert reads, one of the platform's: members' questions reach them in it (English when absent). */
    language: z.enum(LOCALES, `must be one of the platform's languages: ${LOCALES.join(', ')}`).optional(),
  });

  const trailer = z.strictObject({ name: text(200), media, image });

  const lang = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'must be a language tag such as "en" or "pt-BR"');
  /** A WebVTT track: `lang` is a BCP 47 tag ("en", "pt-BR"), `label` what the captions menu shows. */
  const caption = z.strictObject({
    lang,
    label: text(60),
    file: fileRef(files.captions),
  });
  const captions = z
    .array(caption)
    .max(20, 'must hold at most 20 tracks')
    .default([])
    .superRefine((tracks, ctx) => {
      const seen = new Set<string>();
      for (const [i, track] of tracks.entries()) {
        if (seen.has(track.lang)) ctx.addIssue({ code: 'custom', path: [i, 'lang'], message: `"${track.lang}" is listed twice` });
        seen.add(track.lang);
      }
    });

  const video = z.strictObject({
    key,
    title: text(200),
    description: longText.default(''),
    media,
    image,
    playbook: fileRef(files.playbook).optional(),
    experts: z.array(key).default([]),
    publish_time: publishTime,
    in_test: flag.default(0),
    in_production: flag.default(1),
    trailers: z.array(trailer).default([]),
    captions,
    /**
     * The author's title and description in other languages, by language tag (`{ "es": { "title": "..." } }`): shown
     * to members of that language instead of a machine draft. The catalog's own `title` is the English one.
     */
    translations: z
      .record(
        lang.refine((tag) => tag !== 'en', "must be another language than English (the video's own title is English)"),
        z.strictObject({ title: text(200), description: longText.default('') }),
      )
      .default({}),
    /** When this import changes the video's media or playbook: everyone qualified through it must watch the new revision. */
    requires_retraining: z.boolean().default(false),
  });

  /**
   * The author's name of a category or sub-category in other languages, by language tag (`{ "es": { "name": "..." } }`):
   * shown to members of that language instead of a machine draft. The catalog's own `name` is the English one.
   */
  const nameTranslations = z
    .record(
      lang.refine((tag) => tag !== 'en', "must be another language than English (the catalog's own name is English)"),
      z.strictObject({ name: text(100) }),
    )
    .default({});

  const subCategory = z.strictObject({ key, name: text(100), sort, videos: z.array(video).default([]), translations: nameTranslations });

  const category = z.strictObject({
    key,
    name: text(100),
    picture: image,
    essential: flag.default(0),
    sort,
    challenge: link.default(''),
    expert: key.optional(),
    sub_categories: z.array(subCategory).default([]),
    translations: nameTranslations,
  });

  const plan = z.strictObject({
    key,
    title: text(100),
    price_id: text(100),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter upper-case currency code (USD)'),
    amount: z.number().int('must be a whole number of cents').min(0, 'must be 0 or more'),
    months: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(120, 'must be at most 120'),
    no_of_account: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'must be at most 100000'),
    description: longText.default(''),
    popular: flag.default(0),
  });

  const page = z.strictObject({ unique_id: key, page_type: text(30), title: text(200), description: longText });
  const faq = z.strictObject({ question: text(500), answer: longText });
  const section = z.strictObject({ title: text(200), description: longText, video: media });
  const landing = z.strictObject({
    banner_title: text(200),
    banner_video: media,
    sections: z.array(section).length(3, 'must hold exactly 3 sections'),
  });

  return z.strictObject({
    experts: z.array(expert).default([]),
    categories: z.array(category).default([]),
    plans: z.array(plan).default([]),
    pages: z.array(page).default([]),
    /** Absent: the stored FAQs stay as they are (a one-category file); a list (even empty) replaces them. */
    faqs: z.array(faq).optional(),
    landing: landing.optional(),
  });
}

export type CatalogFile = z.infer<ReturnType<typeof catalogFileSchema>>;
export type CatalogVideo = CatalogFile['categories'][number]['sub_categories'][number]['videos'][number];
/** The catalog JSON as written (before defaults and transforms): what an export writes. */
export type CatalogFileInput = z.input<ReturnType<typeof catalogFileSchema>>;
