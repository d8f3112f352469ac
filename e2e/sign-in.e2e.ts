import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectPath, expectToast, field, newPage, useStack } from './harness.ts';

// Member spec: /login (section 2), sign-in and logout (sections 4 and 8), route fallbacks (section 2).
describe('sign-in and sign-out', () => {
  const env = useStack();

  const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

  /** Signs in through the form and returns the token the server issued to the env.browser. */
  async function signIn(page: Page, email: string, password: string): Promise<string> {
    await page.goto('/login');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    const answer = page.waitForResponse((r) => r.url().includes('/api/v4/login') && r.request().method() === 'POST');
    await signInButton(page).click();
    const body = await (await answer).json();
    return body?.data?.token;
  }

  it('shows the server message for a wrong password and stays on /login', async () => {
    const page = await newPage(env.browser, env.stack);
    await signIn(page, DEMO.member.email, 'Not-The-Right-Password-1');
    await expectToast(page, 'These credentials do not match our records.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('prefills e-mail and password from the query string', async () => {
    const page = await newPage(env.browser, env.stack);
    await page.goto(`/login?email=${encodeURIComponent(DEMO.member.email)}&password=${encodeURIComponent(DEMO.member.password)}`);
    await field(page, 'Email').waitFor();
    expect(await field(page, 'Email').inputValue()).toBe(DEMO.member.email);
    expect(await field(page, 'Password').inputValue()).toBe(DEMO.member.password);
    // The prefilled form signs in as it stands.
    await signInButton(page).click();
    await expectPath(page, '/home');
  });

  it('signs the member in, then keeps them away from /login and unknown paths', async () => {
    const page = await newPage(env.browser, env.stack);
    await signIn(page, DEMO.member.email, DEMO.member.password);
    await expectToast(page, 'Log-in successful!');
    await expectPath(page, '/home');

    await page.goto('/login');
    await expectPath(page, '/home');

    await page.goto('/no-such-screen/at-all');
    await expectPath(page, '/home');
  });

  it('sends a signed-out visitor on an unknown path to /login', async () => {
    const page = await newPage(env.browser, env.stack);
    await page.goto('/no-such-screen/at-all');
    await expectPath(page, '/login');
    await page.goto('/home');
    await expectPath(page, '/login');
  });

  it('signs out from the profile menu and ends the session on the server', async () => {
    const page = await newPage(env.browser, env.stack);
    const token = await signIn(page, DEMO.member.email, DEMO.member.password);
    expect(token).toBeTruthy();
    await expectPath(page, '/home');
    expect((await env.stack.api('GET', '/api/profile', { token })).status).toBe(200);
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Logout successful!!');

    // The old token is dead, and the env.browser is signed out.
    expect((await env.stack.api('GET', '/api/profile', { token })).status).toBe(401);
    await page.goto('/home');
    await expectPath(page, '/login');
  });
});
