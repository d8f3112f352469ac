import type { AppContext } from '../../app-context.ts';
import { isoWeek, now } from '../../lib/clock.ts';
import { evidenceKey } from '../../lib/evidence-key.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { evidenceHeadMail } from '../mail/index.ts';
import { superUsersOf } from '../stations/index.ts';
import { organizationDefaultLocale, organizationName } from '../tenancy/index.ts';
import { checkChain } from './audit-pack.ts';
import { claimHeadMail, legacyChains, organizationsWithEvidence, sealLegacyChain } from './evidence.queries.ts';
import { signHead } from './evidence-chain.ts';

/** At start: every chain written before the chain was keyed gets its keyed seal (migration 032). */
export async function sealLegacyChains(ctx: AppContext): Promise<number> {
  let sealed = 0;
  for (const organizationId of await legacyChains(ctx.db)) {
    if (await ctx.db.transaction().execute((trx) => sealLegacyChain(trx, organizationId, now()))) sealed++;
  }
  if (sealed) ctx.log.info({ event: 'evidence_sealed', chains: sealed }, 'evidence chains keyed');
  return sealed;
}

/**
 * Once a week (a weekly job of the queue; each organization's week is also claimed in the database, so a second run sends
 * nothing), each
 * organization with evidence is e-mailed its chain head with the platform's signature: a copy kept outside the
 * database, to check the chain against later. Only a verified head is sent; a broken chain is logged instead.
 */
export async function sendHeadMails(ctx: AppContext, t: number): Promise<number> {
  const week = isoWeek(t);
  let sent = 0;
  for (const organizationId of await organizationsWithEvidence(ctx.db)) {
    if (!(await claimHeadMail(ctx.db, organizationId, week, t))) continue;
    const check = await checkChain(ctx.db, organizationId);
    if (!check.intact || !check.head) {
      ctx.log.warn({ event: 'evidence_signedHeadnot_sent', organizationId, breaks: check.breaks.length }, 'evidence chain broken: head not e-mailed');
      continue;
    }
    const head = check.head;
    const at = new Date(head.at).toISOString();
    const query = new URLSearchParams({ head: head.hash, signedHeadat: at });
    const signedHead = {
      organization: await organizationName(ctx.db, organizationId),
      sequence: head.sequence,
      hash: head.hash,
      at,
      signature: signHead(evidenceKey(), organizationId, head),
      url: `${ctx.config.publicUrl}/qualifications/verify?${query}`,
    };
    // Each super user reads it in their language; the configured address in the organization's.
    const recipients = ctx.config.evidence.headEmail
      ? [{ email: ctx.config.evidence.headEmail, locale: recipientLocale(null, await organizationDefaultLocale(ctx.db, organizationId)) }]
      : (await superUsersOf(ctx.db, [organizationId])).flatMap((u) =>
          u.email ? [{ email: u.email, locale: recipientLocale(u.locale, u.organization_locale) }] : [],
        );
    for (const to of recipients) await ctx.mailer.send(to.email, 'evidence-head', evidenceHeadMail(signedHead, to.locale));
    sent++;
  }
  return sent;
}
