import { z } from 'zod';
import { catalogId } from './catalog.ts';
import type { WireInput } from './route.ts';

/** Toolbox talks (issue 17): one clip shown to the crew on one screen, attendance, one check question. */

export const MAX_TOOLBOX_ATTENDEES = 100;

export const toolboxPerson = z.object({ user_id: z.number(), name: z.string(), last_name: z.string(), picture: z.string().nullable() });
export type ToolboxPerson = z.infer<typeof toolboxPerson>;

/** What the leader picks from: the catalog's clips, the teams, and the chosen team's crew. */
export const toolboxSetupData = z.object({
  clips: z.array(z.object({ id: z.number(), title: z.string(), duration_seconds: z.number() })),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  team_id: z.number().nullable(),
  crew: z.array(toolboxPerson),
});
export type ToolboxSetupData = z.infer<typeof toolboxSetupData>;

export const toolboxSetupQuery = z.object({ team_id: catalogId.optional() });

export const recordToolboxTalkRequest = z.object({
  video_id: catalogId,
  attendee_ids: z
    .array(catalogId)
    .min(1, 'Tap the name of everyone who attended.')
    .max(MAX_TOOLBOX_ATTENDEES)
    .refine((ids) => new Set(ids).size === ids.length, 'Each attendee at most once.'),
  question: z.string().trim().min(1, 'Please write the check question.').max(300),
  answer: z.string().trim().min(1, "Please write the crew's answer.").max(500),
  /** How far the clip played on the leader's screen, in seconds; the server decides whether that counts as watched. */
  played_seconds: z.number().min(0).max(86_400).default(0),
});
export type RecordToolboxTalkRequest = WireInput<typeof recordToolboxTalkRequest>;

export const toolboxTalk = z.object({
  id: z.number(),
  held_at: z.string(),
  video_id: z.number(),
  video_title: z.string(),
  video_revision: z.number().nullable(),
  leader: z.string(),
  question: z.string(),
  answer: z.string(),
  /** How far the clip played, and whether that reached the watched threshold (only then does the talk count as watching it). */
  played_seconds: z.number(),
  clip_seconds: z.number(),
  clip_watched: z.boolean(),
  /** `credited`: the clip counts as watched for this attendee; otherwise the talk is attendance evidence only. */
  attendees: z.array(z.object({ user_id: z.number(), name: z.string(), credited: z.boolean() })),
});
export type ToolboxTalk = z.infer<typeof toolboxTalk>;

export const toolboxTalksData = z.object({ talks: z.array(toolboxTalk) });
export type ToolboxTalksData = z.infer<typeof toolboxTalksData>;

/**
 * GET /toolbox/badge?code=: the person whose badge QR the leader scanned (a handheld scanner types the code into
 * the attendance step, or it is typed from the card). The code is printed on the badge sheet of the QR codes page.
 */
export const badgeLookupQuery = z.object({ code: z.string().trim().min(1, 'Scan or type a badge code.').max(100) });
export const badgePersonData = toolboxPerson;
export const BADGE_NOT_RECOGNISED = 'This badge is not one of your organization’s people.';
