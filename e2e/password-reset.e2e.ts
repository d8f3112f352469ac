import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type CapturedMail, DEMO, expectPath, expectToast, field, newPage, signInThroughForm, useStack } from './harness.ts';

// Member spec: /forgot-password (section 2), forgot-password success (section 4); the reset screen the link opens.
const RESET_SENT = 'If an account exists for this e-mail, we have sent you a link to reset your password.';
const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

function resetLink(mail: CapturedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in the e-mail:\n${mail.text}`);
  return link;
}

describe('password reset by e-mail', () => {
  const env = useStack();

  async function chooseNewPassword(page: Page, link: string, password: string): Promise<void> {
    await page.goto(link);
    await field(page, 'New password').fill(password);
    await field(page, 'Confirm password').fill(password);
    await page.getByRole('button', { name: 'Reset password' }).click();
  }

  it('sends a link by e-mail that sets a new password', async () => {
    const page = await newPage(env.browser, env.stack);
    await page.goto('/forgot-password');
    await field(page, 'Email').fill(DEMO.member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, RESET_SENT);
    await expectPath(page, '/login');

    const mail = await env.stack.mail.waitForMail(DEMO.member.email, 'Reset your Manufacturing Masters password');
    const link = resetLink(mail);
    expect(link.startsWith(`${env.stack.baseUrl}/reset-password?token=`)).toBe(true);

    const newPassword = 'Lathe-Spindle-Torque-77';
    await chooseNewPassword(page, link, newPassword);
    await expectToast(page, RESET_DONE);
    await expectPath(page, '/login');

    // The old password no longer opens the account, the new one does.
    await field(page, 'Email').fill(DEMO.member.email);
    await field(page, 'Password').fill(DEMO.member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectToast(page, BAD_CREDENTIALS);
    expect(new URL(page.url()).pathname).toBe('/login');

    const fresh = await newPage(env.browser, env.stack);
    await signInThroughForm(fresh, DEMO.member.email, newPassword);
  });

  it('refuses a reset link the second time', async () => {
    const email = 'quality@acme.example';
    const asked = await env.stack.api('POST', '/api/forgotpassword', { json: { email } });
    expect(asked.status).toBe(200);
    const link = resetLink(await env.stack.mail.waitForMail(email, 'Reset your Manufacturing Masters password'));

    const page = await newPage(env.browser, env.stack);
    await chooseNewPassword(page, link, 'Gauge-Calibration-Day-31');
    await expectToast(page, RESET_DONE);
    await expectPath(page, '/login');

    const again = await newPage(env.browser, env.stack);
    await chooseNewPassword(again, link, 'Another-Gauge-Calibration-32');
    await expectToast(again, RESET_LINK_INVALID);
    expect((await env.stack.api('POST', '/api/v4/login', { json: { email, password: 'Another-Gauge-Calibration-32' } })).status).toBe(401);
  });
});
