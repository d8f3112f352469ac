import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProvider, startOidcProvider } from '../server/test/oidc-servers.ts';
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
const DOMAIN = 'acme-sso.test';

// Issue 39: the demo's super user connects the organization to its identity provider (a real OpenID Connect provider
// started here), then a new operator signs in with the company account: the provider's own login and consent pages
// in the same browser, back to the platform signed in, on the team the provider's department claim names.
describe('single sign-on', () => {
  const env = useStack({ SSO_SECRET_KEY: 'e2e-sso-secret-key-for-the-test-platform-only', SSO_ALLOW_HTTP: 'true', SSO_ALLOW_PRIVATE: 'true' });
  let provider: OidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider(`${env.stack.baseUrl}/sso/callback`, {
      'dana-subject': { email: `dana@${DOMAIN}`, email_verified: true, given_name: 'Dana', family_name: 'Diaz', department: 'Production' },
    });
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('a super user configures the connection; a member signs in through the company account', async () => {
    const { stack, browser } = env;
    const admin = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(admin, DEMO.superUser.email, DEMO.superUser.password);
    await admin.goto('/manage-organization');
    await admin.getByRole('link', { name: /Single sign-on/ }).click();
    await expectVisible(admin.getByRole('heading', { level: 1, name: 'Single sign-on' }));
    await expectVisible(admin.getByText('Not set up'));
    await expectVisible(admin.getByText(`${stack.baseUrl}/sso/callback`));

    await field(admin, 'Issuer').fill(provider.issuer);
    await field(admin, 'Client id').fill(provider.clientId);
    await field(admin, 'Client secret').fill(provider.clientSecret);
    const domains = admin.getByRole('combobox', { name: 'E-mail domains' });
    await domains.fill(DOMAIN);
    await domains.press('Enter');
    await field(admin, 'Team claim (optional)').fill('department');
    await admin.getByRole('button', { name: 'Save connection' }).click();
    await expectToast(admin, 'The single sign-on connection is saved.');
    await expectVisible(admin.getByText('Connected'));
    // The secret field is emptied and never filled back: the page never receives it.
    expect(await field(admin, 'Client secret').inputValue()).toBe('');
    await dismissToasts(admin);
    expect(await seriousAxeFindings(admin)).toEqual([]);
    expect(await admin.title()).toContain('Single sign-on');
    await screenshotAtWidths(admin, SCREENSHOTS, 'sso-settings');
    await admin.context().close();

    const page = await newPage(browser, stack, WIDTHS.mobile);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with your company account' }).click();
    await field(page, 'Work e-mail').fill(`dana@${DOMAIN}`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'sign-in-company-account', WIDTHS.mobile);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // The identity provider's own pages.
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByPlaceholder('Enter any login').fill('dana-subject');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on the platform, signed in: a first sign-in completes the profile first.
    await expectPath(page, '/firstLogin', 20_000);
    const profile = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('mm.session') ?? '{}');
      const res = await fetch('/api/profile', { headers: { authorization: `Bearer ${session.accessToken}` } });
      return (await res.json()).data;
    });
    expect(profile).toMatchObject({ name: 'Dana', last_name: 'Diaz', email: `dana@${DOMAIN}`, team: 'Production', organization_name: expect.any(String) });
    await page.context().close();

    // The return page opened without a sign-in under way (a bookmarked or replayed link) says so and signs nobody in.
    const stray = await newPage(browser, stack, WIDTHS.mobile);
    await stray.goto('/sso/callback?code=stolen&state=not-ours');
    await expectVisible(stray.getByRole('alert').filter({ hasText: 'This sign-in was not started here or has expired.' }));
    expect(await seriousAxeFindings(stray)).toEqual([]);
    await screenshotAtWidths(stray, SCREENSHOTS, 'sso-callback-refused');
    await stray.context().close();
  });
});
