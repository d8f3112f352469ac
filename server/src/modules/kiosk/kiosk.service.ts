import {
  KIOSK_MESSAGES,
  type KioskPinStatusData,
  type KioskRosterData,
  type KioskSignInData,
  type KioskSummary,
  type KiosksData,
  pinProblem,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { toIso } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { badRequest, NO_SUCH_TEAM, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { clearAttempts, giveBackAttempt, LIMITS, takeAttempt } from '../../lib/throttle.ts';
import { toSessionData } from '../auth/auth.service.ts';
import type { Caller } from '../auth/caller.ts';
import { KIOSK_IDLE_LIFETIME } from '../auth/session-lifetimes.ts';
import { openSession } from '../auth/sessions.queries.ts';
import { findTeam, listTeams } from '../organization/teams.queries.ts';
import { findUserById } from '../users/users.queries.ts';
import { assertCanSetPin, kioskAdminOrganizationOf } from './kiosk.policy.ts';
import {
  type ActiveKiosk,
  findActiveKioskByTokenHash,
  findKiosk,
  findTeamMember,
  hasPin,
  insertKiosk,
  type KioskRow,
  listKiosks,
  listTeamMembers,
  markKioskUsed,
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
  const [kiosks, teams] = await Promise.all([listKiosks(ctx.db, organizationId), listTeams(ctx.db, organizationId)]);
  return { kiosks: kiosks.map(summaryOf), teams: teams.map(({ id, name }) => ({ id, name })) };
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
 * Signs a team member in on the kiosk with their PIN. Both limits are taken before the PIN is checked, so
 * parallel guesses cannot pass them: 30 per kiosk an hour (given back on success) and 5 per person in 15
 * minutes (cleared on success). A 4-digit PIN has 10,000 values: 5 tries per 15 minutes makes guessing one
 * take about two months of non-stop trying, each failure visible in the counter.
 */
export async function kioskSignIn(
  ctx: AppContext,
  deviceToken: string | undefined,
  input: { user_id: number; pin: string },
  userAgent?: string,
): Promise<KioskSignInData> {
  const kiosk = await kioskOfDevice(ctx, deviceToken);
  await takeAttempt(ctx, LIMITS.kioskPinPerKiosk, String(kiosk.id), KIOSK_MESSAGES.kioskThrottled);
  const member = await findTeamMember(ctx.db, kiosk.organization_id, kiosk.team_id, input.user_id);
  if (!member) throw notFound(KIOSK_MESSAGES.notOnTeam);
  await takeAttempt(ctx, LIMITS.kioskPinPerPerson, String(member.id), KIOSK_MESSAGES.personThrottled);
  // Without a PIN the check still runs (against a decoy), so a miss costs the same time and counts the same.
  const valid = await verifyPassword(member.pin_hash, input.pin);
  if (!valid) throw unauthorized(member.pin_hash === null ? KIOSK_MESSAGES.noPin : KIOSK_MESSAGES.wrongPin);
  await clearAttempts(ctx.db, LIMITS.kioskPinPerPerson, String(member.id));
  await giveBackAttempt(ctx.db, LIMITS.kioskPinPerKiosk, String(kiosk.id));
  const user = await findUserById(ctx.db, member.id);
  if (!user) throw notFound(KIOSK_MESSAGES.notOnTeam);
  const token = await openSession(ctx.db, user.id, userAgent, kiosk.id);
  await markKioskUsed(ctx.db, kiosk.id);
  // On the shared tablet the member is a plain member, whatever their role (auth/caller.ts refuses the rest).
  return { ...toSessionData({ ...user, is_super_user: 0 }, token), kiosk_id: kiosk.id, idle_seconds: KIOSK_IDLE_LIFETIME / 1000 };
}
