import { describe, expect, it } from 'vitest';
import {
  DEMO,
  expectHidden,
  expectVisible,
  field,
  newPage,
  screenshotAtWidths,
  seriousAxeFindings,
  signInThroughForm,
  uniqueEmail,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.SCIM_SCREENSHOTS;

// Issue 39 (SCIM): a super user creates the organization's SCIM token (shown once) and reads the base URL; the identity
// provider then provisions a member over SCIM, who appears in Manage users; the call shows in the provisioning log.
describe('SCIM provisioning', () => {
  const env = useStack();

  it('creates the token once, and a member provisioned with it appears in Manage users', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization');
    await page.getByRole('link', { name: /Provisioning \(SCIM\)/ }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Provisioning (SCIM)' }));
    expect(await page.title()).toMatch(/Provisioning \(SCIM\)/);
    const baseUrl = `${stack.baseUrl}/scim/v2`;
    expect(await field(page, 'SCIM base URL').inputValue()).toBe(baseUrl);
    await expectVisible(page.getByText('No provisioning request yet.', { exact: false }));

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new SCIM token' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('Shown only this once'));
    const token = await field(dialog, 'Secret token').inputValue();
    expect(token).toMatch(/^scim_[\w-]{40,}$/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'scim-token-dialog', WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expectHidden(dialog);
    // Shown once: the page now says a token is active, never its value.
    await expectVisible(page.getByRole('button', { name: 'Rotate token' }));
    expect(await page.content()).not.toContain(token);

    // The identity provider provisions a member.
    const email = uniqueEmail('scim.nadia');
    const created = await fetch(`${baseUrl}/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        name: { givenName: 'Nadia', familyName: 'Provisioned' },
        emails: [{ primary: true, type: 'work', value: email }],
        active: true,
      }),
    });
    expect(created.status).toBe(201);

    await page.goto('/manage-team');
    await field(page, 'Find a user').fill(email);
    await expectVisible(page.getByRole('cell', { name: email, exact: true }));

    // The provisioning log lists the call.
    await page.goto('/manage-organization/provisioning');
    await expectVisible(page.getByRole('cell', { name: 'POST /scim/v2/Users' }));
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'scim-provisioning', WIDTHS.desktop);

    // Revoking asks first, then the identity provider's token stops working.
    await page.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the SCIM token?' });
    await expectVisible(confirm);
    await screenshotAtWidths(page, SCREENSHOTS, 'scim-revoke-dialog', WIDTHS.desktop);
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expectHidden(confirm);
    await expectVisible(page.getByRole('button', { name: 'Create token' }));
    expect((await fetch(`${baseUrl}/Users`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
