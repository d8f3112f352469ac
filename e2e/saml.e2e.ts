import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamlIdp, type TestIdp } from '../server/test/saml-idp.ts';
import {
  DEMO,
  dismissToasts,
  expectPath,
  expectToast,
  expectVisible,
  field,
  newPage,
  screenshotAtWidths,
  seriousAxeFindings,
  signInThroughForm,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.SSO_SCREENSHOTS;
const DOMAIN = 'acme-saml.test';

// Issue 39: the demo's super user connects the organization to a SAML 2.0 identity provider (run here, signing with a
// test key) from its metadata address; a new member signs in through it: the identity provider's page posts the
// signed answer to the platform's assertion consumer service, which hands the browser back to /sso/callback.
describe('SAML single sign-on', () => {
  const env = useStack({ SSO_SECRET_KEY: 'e2e-sso-secret-key-for-the-test-platform-only', SSO_ALLOW_HTTP: 'true', SSO_ALLOW_PRIVATE: 'true' });
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await startSamlIdp();
    idp.accounts.set('sam', {
      nameId: `sam@${DOMAIN}`,
      attributes: { email: `sam@${DOMAIN}`, given_name: 'Sam', family_name: 'Soto', department: 'Production' },
    });
  });
  afterAll(async () => {
    await idp?.close();
  });

  it('a super user configures SAML from the metadata; a member signs in through it; the connection is deleted', async () => {
    const { stack, browser } = env;
    const admin = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(admin, DEMO.superUser.email, DEMO.superUser.password);
    await admin.goto('/manage-organization/sso');
    await expectVisible(admin.getByRole('heading', { level: 1, name: 'Single sign-on' }));
    await admin.getByRole('radiogroup', { name: 'Protocol' }).getByText('SAML 2.0', { exact: true }).click();
    await expectVisible(admin.getByText(`${stack.baseUrl}/api/`, { exact: false }).first());
    await field(admin, 'Identity provider metadata address').fill(idp.ssoUrl.replace('/sso', '/metadata'));
    const domains = admin.getByRole('combobox', { name: 'E-mail domains' });
    await domains.fill(DOMAIN);
    await domains.press('Enter');
    await field(admin, 'Team attribute (optional)').fill('department');
    await admin.getByRole('button', { name: 'Save connection' }).click();
    await expectToast(admin, 'The single sign-on connection is saved.');
    await expectVisible(admin.getByText('Identity provider in use'));
    await expectVisible(admin.getByText(idp.entityId));
    await dismissToasts(admin);
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await screenshotAtWidths(admin, SCREENSHOTS, 'saml-settings', WIDTHS.desktop);

    // The service provider metadata the page offers for download.
    const metadata = await admin.evaluate(async () => {
      const link = document.querySelector<HTMLAnchorElement>('a[download]');
      const res = await fetch(link?.href ?? '');
      return { type: res.headers.get('content-type'), text: await res.text() };
    });
    expect(metadata.type).toContain('application/samlmetadata+xml');
    expect(metadata.text).toContain('AssertionConsumerService');

    // Switching protocol warns that saving replaces the SAML connection.
    await admin.getByRole('radiogroup', { name: 'Protocol' }).getByText('OpenID Connect', { exact: true }).click();
    await expectVisible(admin.getByText('Saving this protocol replaces the SAML 2.0 connection.'));
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await screenshotAtWidths(admin, SCREENSHOTS, 'saml-switch-protocol', WIDTHS.desktop);
    await admin.getByRole('radiogroup', { name: 'Protocol' }).getByText('SAML 2.0', { exact: true }).click();

    // The member signs in with the company account, through the identity provider's form post.
    const page = await newPage(browser, stack, WIDTHS.mobile);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with your company account' }).click();
    await field(page, 'Work e-mail').fill(`sam@${DOMAIN}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(page, '/firstLogin', 20_000);
    const profile = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('mm.session') ?? '{}');
      const res = await fetch('/api/profile', { headers: { authorization: `Bearer ${session.accessToken}` } });
      return (await res.json()).data;
    });
    expect(profile).toMatchObject({ name: 'Sam', last_name: 'Soto', email: `sam@${DOMAIN}`, team: 'Production' });
    await page.context().close();

    // An ACS refusal brought to the callback page says so and signs nobody in.
    const stray = await newPage(browser, stack, WIDTHS.mobile);
    await stray.goto('/sso/callback?saml_error=refused');
    await expectVisible(stray.getByRole('alert').filter({ hasText: 'SAML answer could not be verified' }));
    await stray.context().close();

    // Deleting asks first.
    await admin.getByRole('button', { name: 'Delete connection' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete the single sign-on connection?' });
    await expectVisible(dialog);
    await admin.waitForTimeout(400);
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await screenshotAtWidths(admin, SCREENSHOTS, 'saml-delete-dialog', WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'Delete connection' }).click();
    await expectToast(admin, 'The single sign-on connection is deleted.');
    await expectVisible(admin.getByText('Not set up'));
    await admin.context().close();
  });
});
