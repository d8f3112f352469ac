import { now } from '../src/lib/clock.ts';
import { STRONG_PASSWORD, type TestPlatform, uniqueEmail } from './harness.ts';

/** The demo plans: id 1 is the Team plan the registration checkout uses. */
export async function seedPlans(platform: TestPlatform): Promise<void> {
  const t = now();
  const base = { currency: 'USD', description: 'Plan', created_at: t, updated_at: t };
  await platform.ctx.db
    .insertInto('plans')
    .values([
      { ...base, key: 'team-monthly', title: 'Team', price_id: 'price_basic_monthly', amount: 14900, months: 1, no_of_account: 5, popular: 1 },
      { ...base, key: 'team-annual', title: 'Team Annual', price_id: 'price_team_annual', amount: 149000, months: 12, no_of_account: 5, popular: 0 },
      { ...base, key: 'internal', title: 'Internal', price_id: 'xx', amount: 100, months: 1, no_of_account: 1, popular: 0 },
    ])
    .execute();
}

/** The link of the last confirmation e-mail sent to that address (the web page /confirm-email). */
export async function confirmationLinkOf(platform: TestPlatform, email: string): Promise<string> {
  const mail = await platform.ctx.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'confirm_email')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/confirm-email\?token=[\w%-]+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  return link;
}

/** What the confirmation page's button does: posts the link's token. */
export const pressConfirm = (platform: TestPlatform, link: string) =>
  platform.api('POST', '/api/confirm-email', { json: { token: new URL(link).searchParams.get('token') } });

/**
 * A visitor registered through the API: a new organization, no subscription, not a super user; its e-mail is
 * confirmed through the e-mailed link unless `confirmed: false`.
 */
export async function registerCompany(platform: TestPlatform, company = 'Okafor Castings', { confirmed = true } = {}) {
  const email = uniqueEmail('owner');
  const res = await platform.api('POST', '/api/v4/register', {
    json: { name: 'Marguerite', last_name: 'Okafor', company, email, password: STRONG_PASSWORD, is_super_user: 0, terms: 1 },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  const user = await platform.ctx.db.selectFrom('users').select(['id', 'organization_id']).where('email', '=', email).executeTakeFirstOrThrow();
  if (confirmed) {
    const pressed = await pressConfirm(platform, await confirmationLinkOf(platform, email));
    if (pressed.body.data?.state !== 'confirmed') throw new Error(`confirming ${email} failed: ${pressed.status}`);
  }
  return { email, token: res.body.data.token as string, userId: user.id, organizationId: user.organization_id as number };
}

export const checkoutUrls = (platform: TestPlatform, userId: number, planId = 1) => ({
  successUrl: `${platform.url}/success-payment?userId=${userId}&subscription_id=${planId}&payment_mode=subscription&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${platform.url}/plans`,
});

export async function countPayments(platform: TestPlatform, organizationId: number): Promise<number> {
  const row = await platform.ctx.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const subscriptionOf = (platform: TestPlatform, organizationId: number) =>
  platform.ctx.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();

/** The payer presses "Pay" on the offline provider's checkout page, which redirects back to the success URL. */
export async function payOfflineCheckout(checkoutUrl: string): Promise<Response> {
  return fetch(`${checkoutUrl}/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}
