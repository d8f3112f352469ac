import {
  KIOSK_MESSAGES,
  type KioskPinStatusData,
  type KioskPracticalStationsData,
  type KioskRosterData,
  type KioskRosterMember,
  type KioskSignInData,
  type KioskSummary,
  type KiosksData,
  type kioskPracticalCheckRequest,
  type PracticalCheckRecord,
  pinProblem,
} from '@mm/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { AppError, badRequest, NO_SUCH_TEAM, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { clearAttempts, giveBackAttempt, KIOSK_PIN_DELAYS_MS, LIMITS, lockedSubjects, takeAttempt, takeSpacedAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { KIOSK_IDLE_LIFETIME, openSession, toSessionData } from '../auth/index.ts';
import { mediaSigner } from '../media/index.ts';
import { insertNotices, type NoticeText } from '../notices/index.ts';
import { findTeam, listTeams } from '../organization/index.ts';
import { practicalStationsOfTeam, recordPracticalCheck } from '../qualifications/index.ts';
import { superUsersOf } from '../stations/index.ts';
import { readBadge } from '../toolbox/index.ts';
import { findUserById } from '../users/index.ts';
import { assertCanSetPin, kioskAdminOrganizationOf } from './kiosk.policy.ts';
import {
  type ActiveKiosk,
  findActiveKioskByTokenHash,
  findKiosk,
  findOrganizationMember,
  findTeamMember,
  hasPin,
  insertKiosk,
  type KioskRow,
  listKiosks,
  listOrganizationPeople,
  listTeamMembers,
  markKioskUsed,
  pinHolders,
  revokeKiosk,
  savePin,
} from './kiosk.queries.ts';

export const KIOSK_NOT_FOUND = 'No such kiosk in your organization.';

const summaryOf = (row: KioskRow): KioskSummary => ({
  id: row.id,
  name: row.name,
  team_id: row.team_id,
  team: row.team,
  enrolled_at: toIso(row.created_at) ?? '',
  last_used_at: toIso(row.last_used_at),
  revoked_at: toIso(row.revoked_at),
});

// ---------------------------------------------------------------- administration

export async function listOrganizationKiosks(ctx: AppContext, caller: Caller): Promise<KiosksData> {
  const organizationId = kioskAdminOrganizationOf(caller);
  const [kiosks, teams, lockedKiosks, lockedPeople] = await Promise.all([
    listKiosks(ctx.db, organizationId),
    listTeams(ctx.db, organizationId),
    lockedSubjects(ctx, LIMITS.kioskPinPerKiosk),
    lockedSubjects(ctx, LIMITS.kioskPinPerPerson),
  ]);
  // The locks of every organization are few (only the locked ones are read); the organization's own are kept.
  const kioskLocks = new Map(lockedKiosks.map((l) => [Number(l.subject), l.unlocksAt]));
  const personLocks = new Map(lockedPeople.map((l) => [Number(l.subject), l.unlocksAt]));
  const people = await listOrganizationPeople(ctx.db, organizationId, [...personLocks.keys()]);
  return {
    kiosks: kiosks.map((k) => ({ ...summaryOf(k), locked_until: toIso(kioskLocks.get(k.id) ?? null) })),
    teams: teams.map(({ id, name }) => ({ id, name })),
    locked_people: people.map((p) => ({
      user_id: p.id,
      name: p.name,
      last_name: p.last_name,
      team: p.team,
      unlocks_at: toIso(personLocks.get(p.id) ?? 0) ?? '',
    })),
  };
}

/** Lifts a kiosk's lock at once (a super user of its organization; another organization's kiosk is "not found"). */
export async function unlockOrganizationKiosk(ctx: AppContext, caller: Caller, kioskId: number): Promise<void> {
  const organizationId = kioskAdminOrganizationOf(caller);
  if (!(await findKiosk(ctx.db, organizationId, kioskId))) throw notFound(KIOSK_NOT_FOUND);
  await clearAttempts(ctx.db, LIMITS.kioskPinPerKiosk, String(kioskId));
}

/**
 * Lifts a person's kiosk lock and wait at once (a super user of the person's organization). A badge scan does not:
 * a badge is printed and hangs on the shop floor, so whoever photographs one could reopen twenty guesses at will.
 */
export async function unlockOrganizationPerson(ctx: AppContext, caller: Caller, userId: number): Promise<void> {
  const organizationId = kioskAdminOrganizationOf(caller);
  if ((await listOrganizationPeople(ctx.db, organizationId, [userId])).length === 0) throw notFound(KIOSK_MESSAGES.noSuchPerson);
  await clearAttempts(ctx.db, LIMITS.kioskPinPerPerson, String(userId));
}

/** Tells the organization's super users a lock began, so the shift is not stopped until someone notices. */
async function noticeLock(ctx: AppContext, organizationId: number, text: NoticeText): Promise<void> {
  const superUsers = await superUsersOf(ctx.db, [organizationId]);
  await insertNotices(
    ctx.db,
    superUsers.map((u) => ({ userId: u.id, senderId: null, kind: 'kiosk_lock', text })),
    now(),
  );
}

/** Enrols the tablet for one of the organization's teams; the device token is answered once and kept hashed. */
export async function enrolKiosk(ctx: AppContext, caller: Caller, input: { team_id: number; name: string }) {
  const organizationId = kioskAdminOrganizationOf(caller);
  // Another organization's team is "not found": ids of other tenants are never confirmed.
  if (!(await findTeam(ctx.db, organizationId, input.team_id))) throw notFound(NO_SUCH_TEAM);
  const deviceToken = newToken();
  const id = await insertKiosk(ctx.db, {
    organizationId,
    teamId: input.team_id,
    name: input.name,
    tokenHash: hashToken(deviceToken),
    enrolledBy: caller.userId,
  });
  const row = await findKiosk(ctx.db, organizationId, id);
  if (!row) throw notFound(KIOSK_NOT_FOUND);
  return { kiosk: summaryOf(row), device_token: deviceToken };
}

/** Revoking refuses the device token at once, and the sessions opened on the kiosk with it (auth/caller.ts). */
export async function revokeOrganizationKiosk(ctx: AppContext, caller: Caller, kioskId: number): Promise<KioskSummary> {
  const organizationId = kioskAdminOrganizationOf(caller);
  await revokeKiosk(ctx.db, organizationId, kioskId);
  const row = await findKiosk(ctx.db, organizationId, kioskId);
  if (!row) throw notFound(KIOSK_NOT_FOUND);
  return summaryOf(row);
}

// ---------------------------------------------------------------- a member's PIN

export async function pinStatus(ctx: AppContext, caller: Caller): Promise<KioskPinStatusData> {
  assertCanSetPin(caller);
  return { has_pin: await hasPin(ctx.db, caller.userId) };
}

export async function setPin(ctx: AppContext, caller: Caller, input: { pin: string; pin_confirmation: string }): Promise<void> {
  assertCanSetPin(caller);
  const problem = pinProblem(input.pin) ?? (input.pin === input.pin_confirmation ? null : KIOSK_MESSAGES.pinMismatch);
  if (problem) throw badRequest(problem);
  await savePin(ctx.db, caller.userId, await hashPassword(input.pin));
}

// ---------------------------------------------------------------- the kiosk tablet

async function kioskOfDevice(ctx: AppContext, deviceToken: string | undefined): Promise<ActiveKiosk> {
  const kiosk = deviceToken ? await findActiveKioskByTokenHash(ctx.db, hashToken(deviceToken)) : undefined;
  if (!kiosk) throw unauthorized(KIOSK_MESSAGES.unknownKiosk);
  return kiosk;
}

export async function kioskRoster(ctx: AppContext, deviceToken: string | undefined): Promise<KioskRosterData> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  const members = await listTeamMembers(ctx.db, kiosk.organization_id, kiosk.team_id);
  return {
    kiosk: { name: kiosk.name, team: kiosk.team, organization: kiosk.organization },
    members: members.map(({ pin_hash, ...member }) => ({ ...member, has_pin: pin_hash !== null })),
    idle_seconds: KIOSK_IDLE_LIFETIME / 1000,
  };
}

/**
 * The team member a scanned badge names (toolbox's signed badge codes, printed on the QR sheets), for the PIN step:
 * a badge finds the person, only the PIN signs them in. Another team's or a forged badge names nobody here.
 */
export async function kioskBadgeHolder(ctx: AppContext, deviceToken: string | undefined, code: string): Promise<KioskRosterMember> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  const userId = await readBadge(ctx.db, code);
  const member = userId === null ? undefined : await findTeamMember(ctx.db, kiosk.organization_id, kiosk.team_id, userId);
  if (!member) throw notFound(KIOSK_MESSAGES.badgeNotOnTeam);
  return { user_id: member.id, name: member.name, last_name: member.last_name, picture: member.picture, has_pin: member.pin_hash !== null };
}

/**
 * Checks a person's PIN on a kiosk under both limits (see kioskSignIn): a wrong one throws 401 (with Retry-After
 * when the person must wait), a right one clears the person's count and gives the kiosk's attempt back.
 */
async function verifyKioskPin(
  ctx: AppContext,
  kiosk: ActiveKiosk,
  member: { id: number; name: string; last_name: string; pin_hash: string | null },
  pin: string,
  messages: { noPin: string; wrongPin: string } = KIOSK_MESSAGES,
): Promise<void> {
  // The person's wait first: taps refused during it are no guesses and never reach the kiosk's count, so tapping on
  // (or a burst of parallel taps) cannot lock the whole kiosk. The roster already names the team to the tablet.
  const person = await takeSpacedAttempt(ctx, LIMITS.kioskPinPerPerson, KIOSK_PIN_DELAYS_MS, String(member.id), {
    locked: KIOSK_MESSAGES.personThrottled,
    wait: KIOSK_MESSAGES.pinWait,
  });
  const onKiosk = await takeAttempt(ctx, LIMITS.kioskPinPerKiosk, String(kiosk.id), KIOSK_MESSAGES.kioskThrottled);
  // Without a PIN the check still runs (against a decoy), so a miss costs the same time and counts the same.
  const valid = await verifyPassword(member.pin_hash, pin);
  if (!valid) {
    // Only the attempt that reached a limit sees its count equal to it: one notice per lock, however many tablets.
    if (person.count === LIMITS.kioskPinPerPerson.max) {
      await noticeLock(ctx, kiosk.organization_id, { key: 'personLocked', values: { person: `${member.name} ${member.last_name}` } });
    }
    if (onKiosk === LIMITS.kioskPinPerKiosk.max) {
      await noticeLock(ctx, kiosk.organization_id, { key: 'kioskLocked', values: { kiosk: kiosk.name } });
    }
    const message = member.pin_hash === null ? messages.noPin : messages.wrongPin;
    const headers: Record<string, string> = person.waitSeconds > 0 ? { 'retry-after': String(person.waitSeconds) } : {};
    throw new AppError(401, message, { headers });
  }
  await clearAttempts(ctx.db, LIMITS.kioskPinPerPerson, String(member.id));
  await giveBackAttempt(ctx.db, LIMITS.kioskPinPerKiosk, String(kiosk.id));
}

/**
 * Signs a team member in on the kiosk with their PIN. Both limits are taken before the PIN is checked, so
 * parallel guesses cannot pass them: 30 per kiosk an hour (given back on success) and 20 per person an hour
 * (cleared on success), the person's attempts spaced by growing waits from the third (KIOSK_PIN_DELAYS_MS), which
 * the wrong-PIN answer announces in Retry-After for the tablet's countdown. A 4-digit PIN has 10,000 values: about
 * 18 tries an hour makes guessing one take weeks of non-stop trying, each lock told to the super users.
 */
export async function kioskSignIn(
  ctx: AppContext,
  deviceToken: string | undefined,
  input: { user_id: number; pin: string },
  userAgent?: string,
): Promise<KioskSignInData> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  const member = await findTeamMember(ctx.db, kiosk.organization_id, kiosk.team_id, input.user_id);
  if (!member) throw notFound(KIOSK_MESSAGES.notOnTeam);
  await verifyKioskPin(ctx, kiosk, member, input.pin);
  const user = await findUserById(ctx.db, member.id);
  if (!user) throw notFound(KIOSK_MESSAGES.notOnTeam);
  const token = await openSession(ctx.db, user.id, userAgent, kiosk.id);
  await markKioskUsed(ctx.db, kiosk.id);
  // On the shared tablet the member is a plain member, whatever their role (auth/caller.ts refuses the rest).
  return { ...toSessionData({ ...user, is_super_user: 0 }, token), kiosk_id: kiosk.id, idle_seconds: KIOSK_IDLE_LIFETIME / 1000 };
}

// ---------------------------------------------------------------- practical checks on the tablet (issue 38)

/** The kiosk organization's stations with a checklist, the team's people assigned to each, and who may sign there. */
export async function kioskPracticalStations(ctx: AppContext, deviceToken: string | undefined): Promise<KioskPracticalStationsData> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  const stations = await practicalStationsOfTeam(ctx, kiosk.organization_id, kiosk.team_id);
  const holders = await pinHolders(ctx.db, [...new Set(stations.flatMap((s) => [...s.operators, ...s.trainers].map((p) => p.user_id)))]);
  const withPin = <P extends { user_id: number }>(p: P) => ({ ...p, has_pin: holders.has(p.user_id) });
  return { stations: stations.map((s) => ({ ...s, operators: s.operators.map(withPin), trainers: s.trainers.map(withPin) })) };
}

export const NOT_A_PHOTO = 'photo: must be a JPEG, PNG, WebP or GIF picture.';
const PRACTICAL_PHOTO_SIZE = 1600;

/**
 * Keeps a photo of a step, through the same check as the app's other pictures (account, question pictures): decoded
 * and re-encoded to WebP (only a real image passes; metadata such as the tablet's location is dropped), at most
 * 1600 px, under an unguessable name in the store's uploads. Only an enrolled kiosk may upload.
 */
export async function kioskPracticalPhoto(ctx: AppContext, deviceToken: string | undefined, file: Buffer): Promise<{ photo_url: string }> {
  await kioskOfDevice(ctx, deviceToken);
  let encoded: Buffer;
  try {
    encoded = await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: PRACTICAL_PHOTO_SIZE, height: PRACTICAL_PHOTO_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_A_PHOTO);
  }
  const url = `/uploads/practical/${newToken()}.webp`;
  await ctx.storage.put(url.slice(1), encoded, 'image/webp');
  // The kiosk shows it back while the check is recorded: a signed address (the photo is served to nobody else).
  return { photo_url: (await mediaSigner(ctx.db)).uploadUrl(url) };
}

/**
 * A practical check observed on the tablet: the operator (on the kiosk's team) and the trainer (anyone of the
 * organization who may sign off at the station) each confirm with their own PIN, under the same limits as signing in.
 * The form is checked first, then the operator's PIN, then the trainer's; a wrong one records nothing.
 */
export async function kioskPracticalCheck(
  ctx: AppContext,
  deviceToken: string | undefined,
  input: z.output<typeof kioskPracticalCheckRequest>,
): Promise<PracticalCheckRecord> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  const operator = await findTeamMember(ctx.db, kiosk.organization_id, kiosk.team_id, input.operator_id);
  if (!operator) throw notFound(KIOSK_MESSAGES.notOnTeam);
  const trainer = await findOrganizationMember(ctx.db, kiosk.organization_id, input.trainer_id);
  if (!trainer) throw notFound(KIOSK_MESSAGES.noSuchPerson);
  const record = await recordPracticalCheck(
    ctx,
    kiosk.organization_id,
    { stationId: input.station_id, operatorId: operator.id, trainerId: trainer.id, kioskId: kiosk.id, steps: input.steps },
    async () => {
      await verifyKioskPin(ctx, kiosk, operator, input.operator_pin, { noPin: KIOSK_MESSAGES.operatorNoPin, wrongPin: KIOSK_MESSAGES.operatorWrongPin });
      await verifyKioskPin(ctx, kiosk, trainer, input.trainer_pin, { noPin: KIOSK_MESSAGES.trainerNoPin, wrongPin: KIOSK_MESSAGES.trainerWrongPin });
    },
  );
  await markKioskUsed(ctx.db, kiosk.id);
  return record;
}
