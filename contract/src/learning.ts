import { z } from 'zod';
import { catalogId } from './catalog.ts';
import { memberPathOwnLesson } from './studio.ts';

/** Learning path, progress, certificates and rankings (member spec sections 2, 3, 4, 7; design.md decisions). */

export const certificateQuery = z.object({ user_id: catalogId, category_id: catalogId });
export const microCertificateQuery = z.object({ user_id: catalogId, sub_category_id: catalogId });

export const certificationData = z.object({
  certification: z.object({ category_id: z.number(), created_at: z.string() }).nullable(),
});
export type CertificationData = z.infer<typeof certificationData>;

export const microCertificationData = z.object({
  micro_certification: z.object({ sub_category_id: z.number(), category_id: z.number(), created_at: z.string() }).nullable(),
});
export type MicroCertificationData = z.infer<typeof microCertificationData>;

export const certificateItem = z.object({
  id: z.number(),
  category_id: z.number(),
  sub_category_id: z.number().nullable(),
  name: z.string(),
  picture: z.string().nullable(),
  created_at: z.string(),
  verification_code: z.string(),
  /** When the certificate stops being valid: its category is required training with a validity (issue 16); null: it does not expire. */
  valid_until: z.string().nullable(),
  expired: z.boolean(),
});
export type CertificateItem = z.infer<typeof certificateItem>;

export const userCertificationsData = z.object({
  certifications: z.array(certificateItem),
  micro_certifications: z.array(certificateItem),
  /** Categories of the member's path without a certificate yet. */
  available: z.array(z.object({ category_id: z.number(), name: z.string(), picture: z.string().nullable() })),
  last_video_id: z.number().nullable(),
});
export type UserCertificationsData = z.infer<typeof userCertificationsData>;

export const userActivityData = z.object({
  videosLastWeek: z.number(),
  countSequenceDayWatch: z.number(),
  certifications: z.number(),
  certificationsAvailable: z.number(),
  rankingUser: z.object({ ranking: z.number(), points: z.number() }),
});
export type UserActivityData = z.infer<typeof userActivityData>;

export const personInfo = z.object({
  id: z.number(),
  picture: z.string().nullable(),
  name: z.string(),
  last_name: z.string(),
  role: z.string().nullable(),
  team: z.string().nullable(),
  bio: z.string(),
  mobile: z.string(),
  ranking: z.number(),
  points: z.number(),
});
export type PersonInfo = z.infer<typeof personInfo>;

export const peopleQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  take: z.coerce.number().int().min(1).max(500).optional(),
});
export const peopleData = z.object({ users: z.array(personInfo), skip: z.number(), take: z.number() });
export type PeopleData = z.infer<typeof peopleData>;

export const rankingsQuery = peopleQuery.extend({ organization_id: catalogId });
export const rankingsData = z.object({
  rankings: z.array(z.object({ position: z.number(), points: z.number(), user: personInfo })),
  skip: z.number(),
  take: z.number(),
});
export type RankingsData = z.infer<typeof rankingsData>;

export const challengeRequest = z.object({
  user_id: catalogId,
  challenge_category_id: catalogId,
  challenge_type: z.literal('category', { error: "must be 'category'" }),
  challenge_description: z.string().max(2000).optional().default(''),
  challenge_status: z.string().max(40).optional().default('opened'),
});
export const challengeData = z.object({ id: z.number(), challenge: z.string() });
export type ChallengeData = z.infer<typeof challengeData>;

export const firstLoginPushData = z.object({ first_login: z.number(), logged_in_account: z.number() });
export type FirstLoginPushData = z.infer<typeof firstLoginPushData>;

export const learningPathCategory = z.object({
  category_id: z.number(),
  name: z.string(),
  picture: z.string().nullable(),
  position: z.number(),
  essential: z.number(),
  essential_label: z.enum(['Required', 'Optional']),
  videos_count: z.number(),
  total_seconds: z.number(),
  watched_count: z.number(),
  progress: z.number(),
  state: z.enum(['not_started', 'in_progress', 'completed']),
  available: z.boolean(),
  challenge: z.string(),
  certificate_date: z.string().nullable(),
  /** The category's check is required for its certificate and not passed yet: what is missing once every video is watched. */
  check_missing: z.boolean(),
  last_video_id: z.number().nullable(),
  /** Where the last video resumes, in whole seconds (0 when none, never started or stopped at the end). */
  last_video_resume_seconds: z.number(),
  sub_categories: z.array(
    z.object({
      sub_category_id: z.number(),
      name: z.string(),
      videos_count: z.number(),
      watched_count: z.number(),
      progress: z.number(),
      certificate_date: z.string().nullable(),
    }),
  ),
});
export type LearningPathCategory = z.infer<typeof learningPathCategory>;

export const learningPathHomeData = z.object({
  name: z.string(),
  last_name: z.string(),
  role: z.string().nullable(),
  team: z.string().nullable(),
  source: z.enum(['team', 'organization', 'catalog']),
  /** Completed categories of the member's path, and the path's categories. */
  done: z.number(),
  total: z.number(),
  /**
   * The member's progress (issue 33): visible videos of their path watched (a certified category counting whole) over
   * its visible videos, floored; the same figure as their Team Tracker bar over all content.
   */
  percent: z.number(),
  /** '{done} COMPLETED / {total} TO GO - {percent}% COMPLETED' */
  summary: z.string(),
  categories: z.array(learningPathCategory),
  /**
   * The organization's own lessons the path holds beside its categories (the studio's, published), in order: each
   * counts in done, total and percent as one video does.
   */
  own_lessons: z.array(memberPathOwnLesson),
});
export type LearningPathHomeData = z.infer<typeof learningPathHomeData>;

export const verificationData = z.object({
  valid: z.boolean(),
  member: z.string(),
  kind: z.enum(['category', 'sub_category']),
  category: z.string(),
  sub_category: z.string().nullable(),
  organization: z.string().nullable(),
  issued_at: z.string(),
  verification_code: z.string(),
  /** Null: the certificate does not expire. `valid` is false once this date has passed. */
  valid_until: z.string().nullable(),
});
export type VerificationData = z.infer<typeof verificationData>;

/** Any text a visitor may type after /verify/: one that is not a code is simply no certificate (404), not bad input. */
export const verificationCode = z.string().trim().min(1).max(200);
