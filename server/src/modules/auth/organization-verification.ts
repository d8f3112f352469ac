import { CONFIRMATION_MESSAGES, type Locale } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { DAY } from '../../lib/clock.ts';
import { forbidden } from '../../lib/errors.ts';
import { confirmEmailMail } from '../mail/index.ts';
import { organizationVerified } from '../tenancy/index.ts';
import { issueUserToken } from './sessions.queries.ts';

export const CONFIRMATION_LIFETIME = 7 * DAY;
export const CONFIRM_EMAIL_FIRST = CONFIRMATION_MESSAGES.confirmFirst;

/**
 * A visitor's registration counts once its owner confirms the e-mailed link (docs/decisions.md): until then the
 * organization cannot make the platform e-mail anyone else (invitations, shares to outside addresses).
 */
export async function assertOrganizationCounts(ctx: AppContext, organizationId: number): Promise<void> {
  if (!(await organizationVerified(ctx.db, organizationId))) throw forbidden(CONFIRM_EMAIL_FIRST, 'email_not_confirmed');
}

/** E-mails the owner a one-time link that confirms the registration (a new link replaces the earlier one), in `locale`: the language they registered in or asked in. */
export async function sendConfirmationLink(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
  organization: string,
  locale: Locale,
): Promise<void> {
  const token = await issueUserToken(ctx.db, user.id, 'verify', CONFIRMATION_LIFETIME);
  // Built from PUBLIC_URL, never from the Host header a caller could forge.
  const url = `${ctx.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(user.email, 'confirm_email', confirmEmailMail(user.name, organization, url, locale));
}
