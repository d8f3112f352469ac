import { SALES_MESSAGES, type SalesInquiry } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { LIMITS, takeAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { salesInquiryMail } from '../mail/index.ts';
import { findUserById } from '../users/index.ts';

/**
 * The enterprise "talk to us" form: one e-mail to the platform's sales address (SALES_EMAIL), counted per
 * address before it is queued. A signed-in sender is named too, so sales knows the organization asking.
 */
export async function sendSalesInquiry(ctx: AppContext, caller: Caller | null, input: SalesInquiry, ip: string): Promise<string> {
  await takeAttempt(ctx, LIMITS.salesInquiryPerAddress, ip, SALES_MESSAGES.throttled);
  const user = caller && !caller.isGuest ? await findUserById(ctx.db, caller.userId) : undefined;
  const signedInAs = user ? `${user.email}${user.organization_name ? ` of ${user.organization_name}` : ''}` : null;
  await ctx.mailer.send(ctx.config.salesEmail, 'sales_inquiry', salesInquiryMail({ ...input, signedInAs }));
  return SALES_MESSAGES.sent;
}
