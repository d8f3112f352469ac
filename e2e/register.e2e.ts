import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectToast, expectVisible, field, newPage, sleep, uniqueEmail, useStack } from './harness.ts';

// Member spec: /register (section 2), registration checks in order (section 5), registration success (section 4).
describe('registration', () => {
  const env = useStack();

  async function registerPage(): Promise<Page> {
    const page = await newPage(env.browser, env.stack);
    await page.goto('/register');
    return page;
  }

  const submit = (page: Page) => page.getByRole('button', { name: 'Start your free trial' }).click();
  /** The toast of the last submit; closed afterwards so the next one is surely new (and not queued behind old ones). */
  async function expectMessage(page: Page, message: string): Promise<void> {
    await expectToast(page, message);
    await dismissToasts(page);
  }

  const terms = (page: Page) => page.getByRole('checkbox', { name: /I agree to the Terms/ });

  it('checks the fields in order, and creates nothing until the terms are accepted', async () => {
    const page = await registerPage();
    const person = { first: 'Marguerite', last: 'Okafor', company: 'Okafor Castings', email: uniqueEmail('okafor'), password: 'Factory-Floor-Safety-9' };

    await submit(page);
    await expectMessage(page, 'All fields are required');

    // Something filled, first name empty.
    await field(page, 'Password').fill(person.password);
    await submit(page);
    await expectMessage(page, 'First Name field is required');

    await field(page, 'First Name').fill(person.first);
    await submit(page);
    await expectMessage(page, 'Last Name field is required');

    await field(page, 'Last Name').fill(person.last);
    await submit(page);
    await expectMessage(page, 'Company field is required');

    await field(page, 'Company').fill(person.company);
    await submit(page);
    await expectMessage(page, 'Email field is required');

    await field(page, 'Email').fill(person.email);
    await field(page, 'Password').fill('');
    await submit(page);
    await expectMessage(page, 'Password field is required');

    await field(page, 'Password').fill(person.password);
    expect(await terms(page).isChecked()).toBe(false);
    await submit(page);
    await expectMessage(page, 'Must agree with Terms to proceed');
    // Give a request that might have been sent anyway the time to land, then check nothing exists.
    await sleep(1500);
    expect(page.url()).toContain('/register');
    const attempt = await env.stack.api('POST', '/api/v4/login', { json: { email: person.email, password: person.password } });
    expect(attempt.status).toBe(401);

    await terms(page).check();
    await submit(page);
    // Registration continues to the checkout of the trial (billing.e2e.ts pays it); the account is signed in meanwhile.
    await page.waitForURL((url) => url.pathname.startsWith('/offline-checkout/'), { timeout: 20_000 });
    await page.goto('/home');
    // Signed in: the greeting on the home screen (not only a toast) names the person.
    await expectVisible(page.getByRole('main').getByText(person.first).first(), 20_000);
    const signIn = await env.stack.api('POST', '/api/v4/login', { json: { email: person.email, password: person.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.is_super_user).toBe(0);
  });

  it('refuses an e-mail that already has an account', async () => {
    const page = await registerPage();
    await field(page, 'First Name').fill('Bruno');
    await field(page, 'Last Name').fill('Again');
    await field(page, 'Company').fill('Acme Precision Parts');
    await field(page, 'Email').fill(DEMO.member.email);
    await field(page, 'Password').fill('Factory-Floor-Safety-9');
    await terms(page).check();
    await submit(page);
    await expectToast(page, 'The email has already been taken.');
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

// Development without PUBLIC_URL: the default public address says localhost, the browser is on 127.0.0.1.
describe('registration on a loopback address other than the default public URL', () => {
  const env = useStack({ PUBLIC_URL: '' });

  it('continues to the checkout', async () => {
    expect(new URL(env.stack.baseUrl).hostname).toBe('127.0.0.1');
    const page = await newPage(env.browser, env.stack);
    await page.goto('/register');
    await field(page, 'First Name').fill('Tomasz');
    await field(page, 'Last Name').fill('Lewandowski');
    await field(page, 'Company').fill('Lewandowski Forge');
    await field(page, 'Email').fill(uniqueEmail('lewandowski'));
    await field(page, 'Password').fill('Drop-Forge-Safety-2026');
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Start your free trial' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/offline-checkout/'), { timeout: 20_000 });
    await expectVisible(page.getByText('TEST MODE — no card is charged'));
  });
});
