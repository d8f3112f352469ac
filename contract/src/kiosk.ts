import { z } from 'zod';
import { sessionData } from './auth.ts';
import { catalogId } from './catalog.ts';
import { privateUpload } from './private-uploads.ts';
import type { WireInput } from './route.ts';

/** Shared kiosks (issue 17): a tablet enrolled for one team, where members sign in with a PIN. */

/** The header a kiosk tablet sends its device token in (never a URL: URLs end up in logs). */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

export const KIOSK_MESSAGES = {
  pinFormat: 'The PIN must be 4 to 6 digits.',
  pinTooSimple: 'This PIN is too easy to guess (repeated or consecutive digits). Please choose another one.',
  pinMismatch: 'The two PINs do not match.',
  pinSaved: 'Your kiosk PIN is saved.',
  wrongPin: 'Wrong PIN. Please try again.',
  noPin: 'You have no kiosk PIN yet: set one under User Account on your own device.',
  personThrottled:
    'Too many wrong PINs for this person: locked out of the kiosks for up to an hour. A supervisor can unlock it under Manage organization > Kiosks.',
  kioskThrottled: 'Too many wrong PINs on this kiosk: locked for up to an hour. A supervisor can unlock it under Manage organization > Kiosks.',
  pinWait: 'Too many wrong PINs. Please wait before the next try.',
  personUnlocked: 'The person can sign in on the kiosks again.',
  kioskUnlocked: 'The kiosk takes PINs again.',
  noSuchPerson: 'No such person in your organization.',
  unknownKiosk: 'This tablet is not enrolled as a kiosk, or its enrolment was revoked.',
  notOnTeam: 'This person is not on the kiosk’s team.',
  badgeNotOnTeam: 'This badge names nobody on this kiosk’s team. Tap your name instead.',
  operatorWrongPin: 'The operator’s PIN is wrong. Nothing was recorded: the operator enters it again.',
  trainerWrongPin: 'The trainer’s PIN is wrong. Nothing was recorded: the trainer enters it again.',
  operatorNoPin: 'The operator has no kiosk PIN yet: they set one under User Account on their own device.',
  trainerNoPin: 'The trainer has no kiosk PIN yet: they set one under User Account on their own device.',
} as const;

const PIN_PATTERN = /^\d{4,6}$/;

/** Why a PIN cannot be chosen, or null: 4 to 6 digits, neither one digit repeated nor a run like 1234 or 9876. */
export function pinProblem(pin: string): string | null {
  if (!PIN_PATTERN.test(pin)) return KIOSK_MESSAGES.pinFormat;
  const steps = new Set([...pin].slice(1).map((digit, i) => Number(digit) - Number(pin[i])));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0] ?? 2)) return KIOSK_MESSAGES.pinTooSimple;
  return null;
}

const pin = z.string().max(6).regex(PIN_PATTERN, KIOSK_MESSAGES.pinFormat);
const isoTime = z.string().nullable();

// ---------------------------------------------------------------- administration (super user)

export const kioskSummary = z.object({
  id: z.number(),
  name: z.string(),
  team_id: z.number(),
  team: z.string(),
  enrolled_at: z.string(),
  last_used_at: isoTime,
  revoked_at: isoTime,
});
export type KioskSummary = z.infer<typeof kioskSummary>;

/** A person locked out of the kiosks by wrong PINs (issue 34), until `unlocks_at` unless a super user lifts it. */
export const lockedPerson = z.object({ user_id: z.number(), name: z.string(), last_name: z.string(), team: z.string().nullable(), unlocks_at: z.string() });
export type LockedPerson = z.infer<typeof lockedPerson>;

/** The kiosks (each with when its own lock ends, or null), the teams one may be enrolled for, and the locked people. */
export const kiosksData = z.object({
  kiosks: z.array(kioskSummary.extend({ locked_until: isoTime })),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  locked_people: z.array(lockedPerson),
});
export type KiosksData = z.infer<typeof kiosksData>;

export const enrolKioskRequest = z.object({
  team_id: catalogId,
  name: z.string().trim().min(1, 'Please name the kiosk (e.g. "Press line tablet").').max(100),
});
export type EnrolKioskRequest = WireInput<typeof enrolKioskRequest>;

/** The device token is shown once, to the tablet being enrolled; the server keeps only its hash. */
export const enrolKioskData = z.object({ kiosk: kioskSummary, device_token: z.string() });
export type EnrolKioskData = z.infer<typeof enrolKioskData>;

// ---------------------------------------------------------------- a member's own PIN

export const kioskPinStatusData = z.object({ has_pin: z.boolean() });
export type KioskPinStatusData = z.infer<typeof kioskPinStatusData>;

export const setKioskPinRequest = z.object({ pin, pin_confirmation: z.string().max(6) });
export type SetKioskPinRequest = WireInput<typeof setKioskPinRequest>;

// ---------------------------------------------------------------- the kiosk tablet (device token)

export const kioskRosterMember = z.object({
  user_id: z.number(),
  name: z.string(),
  last_name: z.string(),
  picture: z.string().nullable(),
  has_pin: z.boolean(),
});
export type KioskRosterMember = z.infer<typeof kioskRosterMember>;

export const kioskRosterData = z.object({
  kiosk: z.object({ name: z.string(), team: z.string(), organization: z.string() }),
  members: z.array(kioskRosterMember),
  /** Seconds without a touch after which the kiosk ends the member's session. */
  idle_seconds: z.number(),
});
export type KioskRosterData = z.infer<typeof kioskRosterData>;

/** A badge's code as a handheld scanner types it (or as printed under its QR code). */
export const kioskBadgeRequest = z.object({ code: z.string().trim().min(1).max(200) });
export type KioskBadgeRequest = WireInput<typeof kioskBadgeRequest>;

export const kioskSignInRequest = z.object({ user_id: catalogId, pin: z.string().max(6) });
export type KioskSignInRequest = WireInput<typeof kioskSignInRequest>;

export const kioskSignInData = sessionData.extend({ kiosk_id: z.number(), idle_seconds: z.number() });
export type KioskSignInData = z.infer<typeof kioskSignInData>;

// ---------------------------------------------------------------- practical checks on the kiosk (issue 38)

const practicalPerson = z.object({ user_id: z.number(), name: z.string(), last_name: z.string(), has_pin: z.boolean() });

/** A station with a checklist, the kiosk team's people assigned to it, and who may sign them off there. */
export const kioskPracticalStation = z.object({
  id: z.number(),
  name: z.string(),
  checklist: z.array(z.string()),
  operators: z.array(practicalPerson),
  trainers: z.array(practicalPerson),
});
export type KioskPracticalStation = z.infer<typeof kioskPracticalStation>;

export const kioskPracticalStationsData = z.object({ stations: z.array(kioskPracticalStation) });
export type KioskPracticalStationsData = z.infer<typeof kioskPracticalStationsData>;

export const practicalPhotoData = z.object({ photo_url: z.string() });
export type PracticalPhotoData = z.infer<typeof practicalPhotoData>;

/** A step as observed: passed or failed, the trainer's note, and a photo uploaded first (the address its upload answered). */
export const practicalStep = z.object({
  item: z.string().max(200),
  passed: z.boolean(),
  note: z.string().trim().max(500).default(''),
  photo_url: privateUpload('practical', '[A-Za-z0-9_-]{20,100}\\.webp', 'photo_url: must be a photo uploaded on this kiosk.').nullable().default(null),
});
export type PracticalStep = z.infer<typeof practicalStep>;

export const kioskPracticalCheckRequest = z.object({
  station_id: catalogId,
  operator_id: catalogId,
  trainer_id: catalogId,
  steps: z.array(practicalStep).min(1).max(50),
  operator_pin: z.string().max(6),
  trainer_pin: z.string().max(6),
});
export type KioskPracticalCheckRequest = WireInput<typeof kioskPracticalCheckRequest>;

/** A recorded practical check; `signed` when every step passed (it is then the station's sign-off too). */
export const practicalCheckRecord = z.object({
  id: z.number(),
  station_id: z.number(),
  station_name: z.string(),
  user_id: z.number(),
  person_name: z.string(),
  trainer_name: z.string(),
  recorded_at: z.string(),
  passed: z.boolean(),
  steps: z.array(z.object({ item: z.string(), passed: z.boolean(), note: z.string(), photo_url: z.string().nullable() })),
});
export type PracticalCheckRecord = z.infer<typeof practicalCheckRecord>;
