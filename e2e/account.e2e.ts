import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectToast, expectVisible, field, newPage, registerThroughApi, signInThroughForm, uniqueEmail, useStack } from './harness.ts';

// Member spec: /account and /account/change-password (section 2), the edit-info modal rules (section 5), roles (section 6).
describe('account', () => {
  const env = useStack();

  it('shows the account and changes the password only with the right old one', async () => {
    const person = { name: 'Dana', lastName: 'Reyes', company: 'Reyes Tooling', email: uniqueEmail('reyes'), password: 'Press-Brake-Setup-2026' };
    await registerThroughApi(env.stack, person);
    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, person.email, person.password);

    await page.goto('/account');
    await expectVisible(page.getByText(person.email).first());
    await expectVisible(page.getByText('••••••••').first());

    await page.goto('/account/change-password');
    const newPassword = 'Coolant-Change-Weekly-58';
    await field(page, 'Old password').fill('Not-My-Old-Password-1');
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'The old password is incorrect.');

    await field(page, 'Old password').fill(person.password);
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed successfully.');

    expect((await env.stack.api('POST', '/api/v4/login', { json: { email: person.email, password: newPassword } })).status).toBe(200);
    expect((await env.stack.api('POST', '/api/v4/login', { json: { email: person.email, password: person.password } })).status).toBe(401);
  });

  async function openUpdateInfo(page: Page): Promise<Locator> {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Quick menu' }).click();
    await page.getByRole('menuitem', { name: 'Update User Info' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await expectVisible(field(dialog, 'Name'));
    return dialog;
  }

  it('lets a member edit their info from the quick menu, but not their team or role', async () => {
    const member = { email: 'quality@acme.example', password: 'Acme-Quality-2026' };
    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, member.email, member.password);
    const dialog = await openUpdateInfo(page);

    expect(await field(dialog, 'Team').inputValue()).toBe('Quality');
    expect(await field(dialog, 'Role').inputValue()).toBe('Quality Engineer');
    expect(await field(dialog, 'Team').isEditable()).toBe(false);
    expect(await field(dialog, 'Role').isEditable()).toBe(false);

    // A one-letter name is refused on the form.
    await field(dialog, 'Name').fill('C');
    await dialog.getByRole('button', { name: 'Update Info' }).click();
    await expectVisible(dialog.locator('[aria-invalid="true"]').first());
    expect(await field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true');
    await expectVisible(dialog);

    await field(dialog, 'Name').fill('Chloe-Anne');
    await field(dialog, 'Mobile').fill('+1 555 0100');
    await field(dialog, 'Bio').fill('Runs the metrology lab on the night shift.');
    await dialog.getByRole('button', { name: 'Update Info' }).click();
    await expectToast(page, /updated/i);

    const session = await env.stack.api('POST', '/api/v4/login', { json: member });
    const info = await env.stack.api('GET', `/api/user/${session.body.data.user_id}/infos`, { token: session.body.data.token });
    expect(info.body.data).toMatchObject({
      name: 'Chloe-Anne',
      mobile: '+1 555 0100',
      bio: 'Runs the metrology lab on the night shift.',
      team: 'Quality',
      role: 'Quality Engineer',
    });
  });

  it('lets the super user edit their own team and role', async () => {
    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    const dialog = await openUpdateInfo(page);
    expect(await field(dialog, 'Team').isEditable()).toBe(true);
    expect(await field(dialog, 'Role').isEditable()).toBe(true);
  });
});
