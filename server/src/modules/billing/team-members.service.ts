import { type AcceptInvitationRequest, EMAIL_SHAPE, type RegisterMembersData, type RegisterMembersRequest, type SessionData, SSO_MESSAGES } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { DAY, now } from '../../lib/clock.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { LIMITS, takeAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { assertOrganizationCounts, consumeUserToken, findUserToken, issueUserToken, signInUser, TOKEN_USE_THROTTLED } from '../auth/index.ts';
import { invitationMail } from '../mail/index.ts';
import { passwordSignInAllowed } from '../tenancy/index.ts';
import { findUserById, insertUser, updateUser } from '../users/index.ts';
import { assertSuperUser, organizationOf } from './billing.policy.ts';
import { addWithinSeats, type SeatCount } from './seats.service.ts';
import { findAccessSubscription } from './subscription.queries.ts';
import { findRegisteredEmails } from './team-members.queries.ts';

export const INVITATION_LIFETIME = 7 * DAY;
export const INVITATION_INVALID = 'This invitation link is invalid, expired or already used. Ask your super user for a new one.';

const list = (emails: string[]) => emails.join(', ');

/**
 * Invites team members by e-mail, within the plan's seats (no_of_account counts everyone in the
 * organization, the super user included). All or nothing: over the limit, nobody is invited.
 */
export async function registerMembers(ctx: AppContext, caller: Caller, input: RegisterMembersRequest): Promise<{ data: RegisterMembersData; message: string }> {
  const organizationId = organizationOf(caller);
  assertSuperUser(caller, 'Only the super user of your organization can add team members.');
  if (input.super_user_id !== undefined && Number(input.super_user_id) !== caller.userId) throw forbidden('You can only add members as yourself.');
  if (!(await findAccessSubscription(ctx.db, organizationId))) throw forbidden('Your organization needs an active plan to add team members.');
  await assertOrganizationCounts(ctx, organizationId);

  const addresses = [...new Set((input.emails as string[]).map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (addresses.length === 0) throw badRequest('Please enter at least one e-mail address.');
  const invalid = addresses.filter((e) => e.length > 254 || !EMAIL_SHAPE.test(e));
  const valid = addresses.filter((e) => !invalid.includes(e));
  const registered = await findRegisteredEmails(ctx.db, valid);
  const fresh = valid.filter((e) => !registered.has(e));
  const alreadyRegistered = valid.filter((e) => registered.has(e));
  const problems = [
    ...(alreadyRegistered.length ? [`Already registered: ${list(alreadyRegistered)}.`] : []),
    ...(invalid.length ? [`Not valid e-mail addresses: ${list(invalid)}.`] : []),
  ];
  if (fresh.length === 0) throw badRequest(`Nobody was invited. ${problems.join(' ')}`);

  const inviter = await findUserById(ctx.db, caller.userId);
  if (!inviter) throw unauthorized();
  const refusal = ({ seats, inUse, free }: SeatCount) =>
    `Your plan includes ${seats} accounts, you included, and ${inUse} are in use: you can invite ${free} more team member${free === 1 ? '' : 's'}.`;
  const invitations = await addWithinSeats(ctx.db, organizationId, fresh.length, refusal, async (trx) => {
    const out: { email: string; token: string }[] = [];
    for (const email of fresh) {
      const userId = await insertUser(trx, {
        organization_id: organizationId,
        team_id: inviter.team_id,
        email,
        // No password until the invitation is accepted: nobody can sign in as this account before.
        password_hash: null,
        name: email.split('@')[0]!.slice(0, 100),
        company: inviter.organization_name ?? inviter.company,
        role: null,
        picture: null,
        is_super_user: 0,
        is_guest: 0,
        timezone: null,
      });
      out.push({ email, token: await issueUserToken(trx, userId, 'invite', INVITATION_LIFETIME) });
    }
    return out;
  });
  const organization = inviter.organization_name ?? inviter.company;
  const inviterName = `${inviter.name} ${inviter.last_name}`.trim();
  for (const { email, token } of invitations) {
    const url = `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(email, 'invitation', invitationMail(inviterName, organization, url, recipientLocale(null, inviter.organization_locale)));
  }
  return {
    data: { invited: fresh, already_registered: alreadyRegistered, invalid },
    message: [`Invitations sent to ${list(fresh)}.`, ...problems].join(' '),
  };
}

/** Sets the invited member's password (once: the token is consumed) and signs them in: their first sign-in. */
export async function acceptInvitation(ctx: AppContext, input: AcceptInvitationRequest, ip: string, userAgent?: string): Promise<SessionData> {
  const weak = passwordProblem(input.password, input.password_confirmation);
  if (weak) throw badRequest(weak);
  await takeAttempt(ctx, LIMITS.tokenUsePerAddress, ip, TOKEN_USE_THROTTLED);
  // An organization that signs in with its company account only: the invited member signs in there (their account is
  // found by e-mail and linked), never with a password of their own; the invitation is left as it is.
  const invitation = await findUserToken(ctx.db, input.token, 'invite');
  const invited = invitation && invitation.used_at === null && invitation.expires_at > now() ? await findUserById(ctx.db, invitation.user_id) : undefined;
  if (invited && !invited.is_super_user && invited.organization_id !== null && !(await passwordSignInAllowed(ctx.db, invited.organization_id))) {
    throw forbidden(SSO_MESSAGES.passwordOff);
  }
  const userId = await consumeUserToken(ctx.db, input.token, 'invite');
  if (userId === null) throw badRequest(INVITATION_INVALID);
  await updateUser(ctx.db, userId, { password_hash: await hashPassword(input.password), is_change_password: 0 });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw badRequest(INVITATION_INVALID);
  return signInUser(ctx, user, userAgent);
}
