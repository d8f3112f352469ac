import { z } from 'zod';
import { catalogId } from './catalog.ts';
import { countOf } from './count-text.ts';
import type { WireInput } from './route.ts';

/**
 * Qualifications (issue 16): the organization's work stations, what each requires, who is cleared for which,
 * supervisor sign-offs, expiry, retraining on a new video revision, and the audit evidence.
 */

export const QUALIFICATION_STATES = ['not_started', 'in_training', 'awaiting_signoff', 'qualified', 'expiring', 'expired', 'retraining_due'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];

/** What a person and a paying plant manager read for each state. */
/** How the verify page, the audit pack and `verify-evidence` say that stored rows disagree with the evidence chain. */
export const evidenceBreaksText = (breaks: number): string =>
  `${countOf(breaks, 'stored item')} ${breaks === 1 ? 'no longer matches' : 'no longer match'} the evidence chain`;

export const QUALIFICATION_STATE_LABELS: Record<QualificationState, string> = {
  not_started: 'Not started',
  in_training: 'In training',
  awaiting_signoff: 'Awaiting sign-off',
  qualified: 'Qualified',
  expiring: 'Expiring soon',
  expired: 'Expired',
  retraining_due: 'Retraining due',
};

export const SHIFTS = ['day', 'evening', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];
export const SHIFT_LABELS: Record<Shift, string> = { day: 'Day shift', evening: 'Evening shift', night: 'Night shift' };

/** A work station (possibly signed off at the station) or required training (videos with a due date and a validity, no sign-off). */
export const STATION_KINDS = ['station', 'training'] as const;
export type StationKind = (typeof STATION_KINDS)[number];
export const REQUIRED_TRAINING_NO_CHECKLIST = 'Required training is completed by watching: it has no sign-off checklist.';

export const REQUIREMENT_KINDS = ['category', 'sub_category', 'video'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const MAX_CHECKLIST_ITEMS = 20;
export const MAX_STATION_REQUIREMENTS = 50;

export const stationRequirement = z.object({
  kind: z.enum(REQUIREMENT_KINDS),
  id: catalogId,
  /** The knowledge checks of the lessons it covers must be passed too (beside the sign-off). */
  requires_check: z.boolean().default(false),
});
export type StationRequirement = z.output<typeof stationRequirement>;

/**
 * What still stands between a person and a station, each said on the person's page, the matrix and the station page:
 * required videos not completed, a required knowledge check not passed, the practical sign-off not signed.
 */
export const MISSING_STEPS = ['videos', 'check', 'signoff'] as const;
export type MissingStep = (typeof MISSING_STEPS)[number];

export const stationInput = z
  .object({
    kind: z.enum(STATION_KINDS).default('station'),
    name: z.string().trim().min(1, 'Please write the name.').max(120),
    description: z.string().trim().max(500).default(''),
    requirements: z
      .array(stationRequirement)
      .min(1, 'Pick at least one category, sub-category or video the station requires.')
      .max(MAX_STATION_REQUIREMENTS)
      .refine((rs) => new Set(rs.map((r) => `${r.kind}:${r.id}`)).size === rs.length, 'Each requirement at most once.'),
    checklist: z.array(z.string().trim().min(1, 'A checklist item cannot be empty.').max(200)).max(MAX_CHECKLIST_ITEMS).default([]),
    /** Months a qualification stays valid; null: it does not expire. */
    validity_months: z.number().int().min(1).max(120).nullable().default(null),
    /** Days before expiry when the person is reassigned the content and reminded. */
    warning_days: z.number().int().min(1).max(180).default(30),
    /** Days from assignment to the due date. */
    due_days: z.number().int().min(1).max(365).default(14),
    min_per_shift: z.number().int().min(0).max(500).default(1),
    trainer_ids: z.array(catalogId).max(50).default([]),
  })
  .refine((s) => s.kind === 'station' || s.checklist.length === 0, REQUIRED_TRAINING_NO_CHECKLIST);
export type StationInput = WireInput<typeof stationInput>;

export const station = z.object({
  id: z.number(),
  kind: z.enum(STATION_KINDS),
  name: z.string(),
  description: z.string(),
  requirements: z.array(z.object({ kind: z.enum(REQUIREMENT_KINDS), id: z.number(), name: z.string(), requires_check: z.boolean() })),
  required_video_count: z.number(),
  checklist: z.array(z.string()),
  validity_months: z.number().nullable(),
  warning_days: z.number(),
  due_days: z.number(),
  min_per_shift: z.number(),
  trainers: z.array(z.object({ user_id: z.number(), name: z.string() })),
  assigned_count: z.number(),
  qualified_count: z.number(),
});
export type Station = z.infer<typeof station>;

export const stationsData = z.object({ stations: z.array(station) });
export type StationsData = z.infer<typeof stationsData>;

/** What the station form picks from. */
export const stationChoicesData = z.object({
  categories: z.array(z.object({ id: z.number(), name: z.string(), sub_categories: z.array(z.object({ id: z.number(), name: z.string() })) })),
  videos: z.array(z.object({ id: z.number(), title: z.string(), category_id: z.number() })),
  people: z.array(z.object({ user_id: z.number(), name: z.string(), team_id: z.number().nullable() })),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type StationChoicesData = z.infer<typeof stationChoicesData>;

export const assignStationRequest = z
  .object({ user_ids: z.array(catalogId).max(5000).default([]), team_id: catalogId.optional() })
  .refine((r) => r.user_ids.length > 0 || r.team_id !== undefined, 'Pick a team or at least one person.');
export type AssignStationRequest = WireInput<typeof assignStationRequest>;

export const assignStationData = z.object({ assigned: z.number() });
export type AssignStationData = z.infer<typeof assignStationData>;

export const setShiftRequest = z.object({ shift: z.enum(SHIFTS).nullable() });
export type SetShiftRequest = z.infer<typeof setShiftRequest>;

/** One required video, as the person stands on it. */
export const requiredVideo = z.object({
  video_id: z.number(),
  title: z.string(),
  /** The video's current revision. */
  revision: z.number(),
  /** The revision the person completed for this qualification; null: not (yet) completed. */
  completed_revision: z.number().nullable(),
  completed_at: z.string().nullable(),
  /** The station requires this video's knowledge check (a check the organization attached to it). */
  check_required: z.boolean(),
  /** When the person passed that check for this qualification; null: not (yet) passed. */
  check_passed_at: z.string().nullable(),
});

export const signoffRecord = z.object({
  id: z.number(),
  station_id: z.number(),
  station_name: z.string(),
  user_id: z.number(),
  person_name: z.string(),
  signed_by_name: z.string(),
  signed_at: z.string(),
  comment: z.string(),
  checklist: z.array(z.object({ item: z.string(), checked: z.boolean() })),
  evidence: z.array(z.object({ video_id: z.number(), title: z.string(), revision: z.number(), completed_at: z.string() })),
});
export type SignoffRecord = z.infer<typeof signoffRecord>;

/** A person at one station. */
export const qualificationDetail = z.object({
  station_id: z.number(),
  station_name: z.string(),
  station_kind: z.enum(STATION_KINDS),
  state: z.enum(QUALIFICATION_STATES),
  assigned_at: z.string(),
  due_at: z.string().nullable(),
  qualified_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  required: z.array(requiredVideo),
  /** What is still missing before the person is cleared; empty when cleared. */
  missing: z.array(z.enum(MISSING_STEPS)),
  checklist: z.array(z.string()),
  last_signoff: signoffRecord.nullable(),
  /** The last practical check on the kiosk (issue 38): a failed one names the steps that failed, so the page says what to redo. */
  last_practical: z
    .object({ id: z.number(), recorded_at: z.string(), passed: z.boolean(), trainer_name: z.string(), failed_steps: z.array(z.string()) })
    .nullable(),
  /** Whether the caller may sign this person off here now. */
  can_sign_off: z.boolean(),
});
export type QualificationDetail = z.infer<typeof qualificationDetail>;

/**
 * A practical check as a supervisor reads it (issue 38): where, who, when, each step with its note and photo (a signed
 * address, private-uploads.ts), whether it signed the person off, and its record in the organization's evidence chain.
 */
export const practicalCheckDetailData = z.object({
  id: z.number(),
  station_id: z.number(),
  station_name: z.string(),
  user_id: z.number(),
  person_name: z.string(),
  trainer_name: z.string(),
  recorded_at: z.string(),
  /** The kiosk (tablet) it was recorded on, and whether that kiosk has since been revoked; null when recorded outside a kiosk. */
  kiosk: z.object({ id: z.number(), name: z.string(), revoked: z.boolean() }).nullable(),
  passed: z.boolean(),
  /** Every step passed: the check was the station's sign-off too. */
  signed_off: z.boolean(),
  steps: z.array(z.object({ item: z.string(), passed: z.boolean(), note: z.string(), photo_url: z.string().nullable() })),
  /** Its record in the evidence chain (the sequence number and the record's hash); null only if it is missing there. */
  evidence: z.object({ sequence: z.number(), hash: z.string() }).nullable(),
});
export type PracticalCheckDetailData = z.infer<typeof practicalCheckDetailData>;

export const stationPracticalChecksQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
});
export type StationPracticalChecksQuery = WireInput<typeof stationPracticalChecksQuery>;

/** The practical checks recorded at a station, newest first, a page at a time (the details dialog opens each by its id). */
export const stationPracticalChecksData = z.object({
  checks: z.array(
    z.object({
      id: z.number(),
      user_id: z.number(),
      person_name: z.string(),
      trainer_name: z.string(),
      recorded_at: z.string(),
      passed: z.boolean(),
      signed_off: z.boolean(),
    }),
  ),
  total: z.number(),
  skip: z.number(),
  take: z.number(),
});
export type StationPracticalChecksData = z.infer<typeof stationPracticalChecksData>;

export const personQualificationsQuery = z.object({ user_id: catalogId.optional() });

export const personQualificationsData = z.object({
  user_id: z.number(),
  name: z.string(),
  shift: z.enum(SHIFTS).nullable(),
  stations: z.array(qualificationDetail),
  /** The stations this person trains at (signs people off, may lead toolbox talks). */
  trains_at: z.array(z.object({ station_id: z.number(), station_name: z.string() })),
});
export type PersonQualificationsData = z.infer<typeof personQualificationsData>;

export const matrixQuery = z.object({
  team_id: catalogId.optional(),
  shift: z.enum(SHIFTS).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(200).default(50),
});
export type MatrixQuery = WireInput<typeof matrixQuery>;

export const matrixCell = z.object({
  station_id: z.number(),
  state: z.enum(QUALIFICATION_STATES),
  due_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  missing: z.array(z.enum(MISSING_STEPS)),
});
export type MatrixCell = z.infer<typeof matrixCell>;

export const matrixData = z.object({
  stations: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(STATION_KINDS),
      name: z.string(),
      min_per_shift: z.number(),
      /** Qualified (or expiring, still valid) people per shift, every shift listed. */
      coverage: z.array(z.object({ shift: z.enum(SHIFTS), qualified: z.number() })),
      /** Assigned people not yet qualified, closest to qualifying first. */
      closest: z.array(z.object({ user_id: z.number(), name: z.string(), completed: z.number(), required: z.number() })),
    }),
  ),
  people: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      team_name: z.string().nullable(),
      shift: z.enum(SHIFTS).nullable(),
      /** Only the stations the person is assigned to. */
      cells: z.array(matrixCell),
    }),
  ),
  total: z.number(),
  skip: z.number(),
  take: z.number(),
});
export type MatrixData = z.infer<typeof matrixData>;

export const signOffRequest = z.object({
  station_id: catalogId,
  user_id: catalogId,
  checklist: z.array(z.object({ item: z.string().max(200), checked: z.boolean() })).max(MAX_CHECKLIST_ITEMS),
  comment: z.string().trim().max(1000).default(''),
});
export type SignOffRequest = WireInput<typeof signOffRequest>;

export const signoffsQuery = z.object({ station_id: catalogId.optional(), user_id: catalogId.optional() });
export const signoffsData = z.object({ signoffs: z.array(signoffRecord) });
export type SignoffsData = z.infer<typeof signoffsData>;

export const auditPackQuery = z.object({
  format: z.enum(['pdf', 'csv']).default('pdf'),
  station_id: catalogId.optional(),
  user_id: catalogId.optional(),
});
export type AuditPackQuery = WireInput<typeof auditPackQuery>;

/** A head the organization kept (an audit pack's or the weekly e-mail's): the chain must still contain it, at that time. */
export const auditVerificationQuery = z.object({ head: z.string().trim().max(100).optional(), head_at: z.string().trim().max(40).optional() });
export type AuditVerificationQuery = WireInput<typeof auditVerificationQuery>;

export const auditVerificationData = z.object({
  intact: z.boolean(),
  records: z.number(),
  /** The first record whose hash does not match its content or its predecessor; null when intact. */
  first_broken_sequence: z.number().nullable(),
  last_hash: z.string().nullable(),
  /** The last record (sequence, hash, time): the copy an organization keeps to check against later. */
  head: z.object({ sequence: z.number(), hash: z.string(), at: z.string() }).nullable(),
  /**
   * Everything stored that the chain does not vouch for: a changed record or head, or a sign-off or qualification row
   * that disagrees with the chain's records. Empty when intact.
   */
  breaks: z.array(
    z.object({ kind: z.enum(['record', 'head', 'kept_head', 'signoff', 'qualification', 'practical']), sequence: z.number().nullable(), message: z.string() }),
  ),
});
export type AuditVerificationData = z.infer<typeof auditVerificationData>;

/**
 * GET /organization/{orgId}/stations/{stationId}/floor: what a printed QR label at the machine opens (issue 17). The
 * verdict for the signed-in operator: green "Cleared to run", amber "Training needed", red "Not qualified" or "Expired",
 * with the reason and the clips that show the safe way to run the station.
 */
export const FLOOR_VERDICTS = ['cleared', 'training_needed', 'not_qualified'] as const;
export type FloorVerdict = (typeof FLOOR_VERDICTS)[number];

/**
 * The reason as a code and its figures, for a screen to say in its reader's language (`headline` and `reason` are the
 * English texts): `until` and `due` are days as dd/mm/yyyy, `left` of `required` videos, `signoff` when the station
 * asks for a trainer's sign-off, `check` while a knowledge check it requires is not passed; the videos to watch are the clips not watched.
 */
export const FLOOR_REASONS = [
  'not_assigned',
  'qualified',
  'qualified_until',
  'expiring',
  'awaiting_signoff',
  'expired',
  'retraining_due',
  'training',
  'check_needed',
] as const;
export type FloorReason = (typeof FLOOR_REASONS)[number];
export const floorReasonParams = z.object({
  until: z.string().nullable(),
  due: z.string().nullable(),
  overdue: z.boolean(),
  left: z.number(),
  required: z.number(),
  signoff: z.boolean(),
  check: z.boolean(),
});
export type FloorReasonParams = z.infer<typeof floorReasonParams>;

export const stationFloorData = z.object({
  station: z.object({ id: z.number(), name: z.string(), kind: z.enum(STATION_KINDS), description: z.string() }),
  verdict: z.enum(FLOOR_VERDICTS),
  headline: z.string(),
  reason: z.string(),
  reason_code: z.enum(FLOOR_REASONS),
  reason_params: floorReasonParams,
  /** The operator's kept state; null when not assigned to the station. */
  state: z.enum(QUALIFICATION_STATES).nullable(),
  clips: z.array(z.object({ video_id: z.number(), title: z.string(), revision: z.number(), watched: z.boolean() })),
  /** Who signs people off here (the station's trainers, else the organization's super users). */
  signers: z.array(z.string()),
  can_request_signoff: z.boolean(),
  signoff_requested_at: z.string().nullable(),
});
export type StationFloorData = z.infer<typeof stationFloorData>;

/** POST /organization/{orgId}/stations/{stationId}/signoff-requests: the operator's "Ask for sign-off". */
export const signoffRequestData = z.object({ notified: z.number(), requested_at: z.string() });
export type SignoffRequestData = z.infer<typeof signoffRequestData>;
/** Hours before the same person may ask again at the same station. */
export const SIGNOFF_REQUEST_HOURS = 4;
export const SIGNOFF_REQUEST_NOT_READY = 'Watch every required video first: then ask for sign-off.';
export const SIGNOFF_REQUEST_NOT_NEEDED = 'This station needs no sign-off.';
export const SIGNOFF_REQUEST_REPEAT = `You already asked: your trainers have it. You can ask again ${SIGNOFF_REQUEST_HOURS} hours after.`;
