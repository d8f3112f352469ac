import { describe, expect, it } from 'vitest';
import {
  DEMO,
  dismissToasts,
  expectPath,
  expectToast,
  expectVisible,
  field,
  newPage,
  registerThroughApi,
  signInThroughForm,
  uniqueEmail,
  useStack,
  WIDTHS,
} from './harness.ts';

// Member spec: registration -> checkout -> success (section 4), /success-payment, /add-team-member, /plans/me (section 2).
describe('subscription journey', () => {
  const env = useStack();

  it('registers, pays on the test checkout, invites two members, one activates, and the owner pauses renewal', async () => {
    const owner = { first: 'Ines', last: 'Duarte', company: 'Duarte Tooling', email: uniqueEmail('duarte'), password: 'Precision-Tooling-2026' };
    const page = await newPage(env.browser, env.stack);
    await page.goto('/register');
    await field(page, 'First Name').fill(owner.first);
    await field(page, 'Last Name').fill(owner.last);
    await field(page, 'Company').fill(owner.company);
    await field(page, 'Email').fill(owner.email);
    await field(page, 'Password').fill(owner.password);
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Start your free trial' }).click();

    // The offline provider's page: plainly test mode, no card field. The member screens never showed on the way.
    await page.waitForURL((url) => url.pathname.startsWith('/offline-checkout/'), { timeout: 20_000 });
    expect(visited.filter((p) => !p.startsWith('/offline-checkout/'))).toEqual([]);
    await expectVisible(page.getByText('TEST MODE — no card is charged'));
    await expectVisible(page.getByRole('heading', { name: 'Team' }));
    expect(await page.locator('input').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm test payment' }).click();

    await expectPath(page, '/success-payment');
    expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^offline_/);
    await expectVisible(page.getByText(/30-day free trial has started/).first());
    await expectPath(page, '/add-team-member', 12_000);

    // The owner opens the registration's confirmation e-mail (another tab). A mail scanner fetched the link first:
    // that confirms nothing; the page's button does, and from then on the organization may invite.
    const confirmation = await env.stack.mail.waitForMail(owner.email, 'Confirm your e-mail address');
    const confirmLink = /https?:\/\/\S+\/confirm-email\?token=[\w%-]+/.exec(confirmation.text)?.[0];
    expect(confirmLink).toBeTruthy();
    for (const method of ['HEAD', 'GET']) await fetch(confirmLink!, { method });
    const mailTab = await newPage(env.browser, env.stack);
    await mailTab.goto(confirmLink!);
    await mailTab.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expectVisible(mailTab.getByText('Thank you: your e-mail address is confirmed. You can now invite your team.'));
    // The link opened again: already confirmed, said calmly.
    await mailTab.reload();
    await expectVisible(mailTab.getByText('Your e-mail address is already confirmed.'));
    await mailTab.close();

    const invited = [uniqueEmail('welder'), uniqueEmail('planner')];
    await expectVisible(page.getByText('Your membership includes up to 4 additional team members', { exact: false }));
    await field(page, 'Team member e-mail 1').fill(invited[0]!);
    await field(page, 'Team member e-mail 3').fill(invited[1]!);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, /Invitations sent to/);
    await expectPath(page, '/home');

    // The first invitee activates the account from the e-mail.
    const mail = await env.stack.mail.waitForMail(invited[0]!, 'You are invited');
    const link = /https?:\/\/\S+\/accept-invitation\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const member = await newPage(env.browser, env.stack);
    await member.goto(link!);
    await field(member, 'New password').fill('Welding-Bay-Safety-77');
    await field(member, 'Confirm password').fill('Welding-Bay-Safety-77');
    await member.getByRole('button', { name: 'Activate account' }).click();
    await expectPath(member, '/home');
    const signIn = await env.stack.api('POST', '/api/v4/login', { json: { email: invited[0], password: 'Welding-Bay-Safety-77' } });
    expect(signIn.body.data).toMatchObject({ organization_name: owner.company, is_super_user: 0 });

    // The owner (now super user) pauses auto-renewal and sees it on the billing page.
    await dismissToasts(page);
    await page.goto('/plans/me');
    await expectVisible(page.getByText('Next billing date'));
    await page.getByRole('button', { name: 'Pause autorenewal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause autorenewal' });
    await field(dialog, 'Cancel reason').fill('Trial first, decide next quarter');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, /Auto-renewal paused/);
    await expectVisible(page.getByText('Auto-renewal paused', { exact: true }));
    await expectVisible(page.getByText(/Reason: Trial first, decide next quarter/));
    await expectVisible(page.getByText('free trial', { exact: true }));
  });
  it('keeps what an owner typed before confirming the e-mail, says why, and lists each refused address with its reason', async () => {
    const owner = { name: 'Bo', lastName: 'Berg', company: 'Berg Stamping', email: uniqueEmail('berg'), password: 'Stamping-Press-2026' };
    const { user_id: userId, token } = await registerThroughApi(env.stack, owner);
    const checkout = await env.stack.api('POST', '/api/create-checkout-session', {
      token,
      json: {
        subscription_id: 1,
        successUrl: `${env.stack.baseUrl}/success-payment?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${env.stack.baseUrl}/plans`,
      },
    });
    expect(checkout.status).toBe(201);
    await fetch(`${checkout.body.data.url}/confirm`, { method: 'POST', redirect: 'manual' });
    const returned = await env.stack.api('POST', '/api/v4/subscriptions_payment', {
      token,
      json: { userId: String(userId), subscription_id: '1', payment_mode: 'subscription' },
    });
    expect(returned.body.data.is_super_user).toBe(1);

    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto('/add-team-member');
    const press = uniqueEmail('press');
    await field(page, 'Team member e-mail 1').fill(press);
    await field(page, 'Team member e-mail 2').fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    // A malformed address is named at its field and nothing is sent.
    await expectVisible(page.getByText('Not a valid e-mail address (for example name@company.com).'));
    await field(page, 'Team member e-mail 2').fill(DEMO.member.email);
    await field(page, 'Team member e-mail 3').fill('  ');
    await page.getByRole('button', { name: 'Save' }).click();
    // Not confirmed yet: the page says why and keeps what was typed, with the link to send again.
    await expectVisible(page.getByText(`Confirm your e-mail first: we sent a link to ${owner.email}.`, { exact: false }));
    expect(new URL(page.url()).pathname).toBe('/add-team-member');
    expect(await field(page, 'Team member e-mail 1').inputValue()).toBe(press);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(page, 'We sent you a new confirmation link.');
    // A reload keeps the addresses too.
    await page.reload();
    expect(await field(page, 'Team member e-mail 1').inputValue()).toBe(press);

    // Once confirmed, Save invites the new address and lists the refused one with its reason.
    // The link sent again replaces the registration's: the newest one confirms.
    const confirmations = () =>
      env.stack.mail.messages.filter((m) => m.to.includes(owner.email.toLowerCase()) && m.subject.includes('Confirm your e-mail address'));
    await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBe(2);
    const confirmToken = /https?:\/\/\S+\/confirm-email\?token=([\w%-]+)/.exec(confirmations().at(-1)!.text)?.[1];
    // The owner presses the confirmation page's button (what it sends).
    const confirmed = await env.stack.api('POST', '/api/confirm-email', { json: { token: decodeURIComponent(confirmToken!) } });
    expect(confirmed.body.data).toEqual({ state: 'confirmed' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Invitations sent to ${press}.`);
    await expectVisible(page.getByText(`${DEMO.member.email}: already has an account`));
    expect(await field(page, 'Team member e-mail 1').inputValue()).toBe('');
    expect(await field(page, 'Team member e-mail 2').inputValue()).toBe(DEMO.member.email);
    await env.stack.mail.waitForMail(press, 'You are invited');
    await page.getByRole('button', { name: 'Continue to Home' }).click();
    await expectPath(page, '/home');
  });

  it('a member sees the plan read-only; only the super user sees amounts, invoices and the actions', async () => {
    const member = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await signInThroughForm(member, DEMO.member.email, DEMO.member.password);
    await dismissToasts(member);
    await member.goto('/plans/me');
    const plan = member.locator('[aria-label="Current subscription"]');
    await expectVisible(plan.getByText('Plant 100'), 15_000);
    await expectVisible(plan.getByText('100 accounts'));
    await expectVisible(plan.getByText('Active'));
    const main = member.getByRole('main');
    expect(await main.getByText(/USD/).count()).toBe(0);
    expect(await main.getByRole('article').count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Change plan' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Pause autorenewal' }).count()).toBe(0);
    await member.goto('/plans');
    await expectVisible(member.getByText('The super user of your organization chooses its plan. Ask them to change it.'), 15_000);
    await expectVisible(member.getByRole('article', { name: 'Plant 100 plan' }));
    expect(await member.getByRole('button', { name: 'pay now' }).count()).toBe(0);

    const supervisor = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await signInThroughForm(supervisor, DEMO.superUser.email, DEMO.superUser.password);
    await dismissToasts(supervisor);
    await supervisor.goto('/plans/me');
    await expectVisible(supervisor.getByText('USD 990.00 / month'), 15_000);
    expect(await supervisor.getByRole('article', { name: /Subscription record/ }).count()).toBeGreaterThanOrEqual(6);
    await expectVisible(supervisor.getByRole('link', { name: 'Change plan' }));
  });
});
