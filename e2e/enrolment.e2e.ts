import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  enrolTabletAsKiosk,
  expectPath,
  expectToast,
  expectVisible,
  field,
  newPage,
  screenshotAtWidths,
  seriousAxeFindings,
  signInThroughForm,
  typePin,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.ENROLMENT_SCREENSHOTS;
const PASSWORD = 'Night-Shift-Operator-2026';

/** pdftoppm renders the printed sheet to look at, when the machine has it. */
function renderPdf(pdf: string, prefix: string): void {
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf, prefix]);
  } catch {
    // No poppler here: the PDF itself stays next to the screenshots.
  }
}

// Issue 39, people without e-mail: a super user creates an operator by employee number and prints their sheet; the
// operator sets a password with the sheet's code, signs in on a phone with organization code + employee number, sets a
// kiosk PIN there and signs in on the team's kiosk with their name and the PIN.
describe('people without e-mail', () => {
  const env = useStack();

  it('a super user creates an operator by employee number and prints the sheet; the operator signs in on a phone', async () => {
    const admin = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await signInThroughForm(admin, DEMO.superUser.email, DEMO.superUser.password);
    await admin.goto('/manage-team');
    await admin.getByRole('button', { name: 'New User' }).click();
    const dialog = admin.getByRole('dialog');
    await field(dialog, 'Name').fill('Nadia');
    await field(dialog, 'Last Name').fill('Nightshift');
    await dialog.getByText('Employee number', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Employee number' }).fill('e-7001');
    await field(dialog, 'Team').fill('Assembly');
    await field(dialog, 'Role').fill('Operator');
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await screenshotAtWidths(admin, SCREENSHOTS, 'new-user-employee-number', WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(admin, 'User created');

    const row = admin.getByRole('row').filter({ hasText: 'Nadia' });
    await expectVisible(row.getByText('No. E-7001'));
    const download = admin.waitForEvent('download');
    await row.getByRole('button', { name: 'Print sign-in sheet for Nadia Nightshift' }).click();
    const pdfPath = `${SCREENSHOTS ?? fs.mkdtempSync('/tmp/enrolment-')}/sign-in-sheet.pdf`;
    await (await download).saveAs(pdfPath);
    const pdf = fs.readFileSync(pdfPath, 'latin1');
    const setupCode = /\(([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\) Tj/.exec(pdf)?.[1];
    const organizationCode = /\(ORGANIZATION CODE\) Tj ET\n[^\n]*\(([A-Z2-9]{8})\) Tj/.exec(pdf)?.[1];
    expect(setupCode).toBeDefined();
    expect(organizationCode).toBeDefined();
    expect(pdf).toContain('(E-7001) Tj');
    if (SCREENSHOTS) {
      await screenshotAtWidths(admin, SCREENSHOTS, 'manage-users-employee-number', WIDTHS.desktop);
      renderPdf(pdfPath, `${SCREENSHOTS}/sign-in-sheet`);
    }

    // The operator, on a phone: the sheet's address, then the code and a password.
    const phone = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await phone.goto(`/set-up-account?organization=${organizationCode}&employee=E-7001`);
    await field(phone, 'Setup code').fill(setupCode as string);
    await field(phone, 'New password').fill(PASSWORD);
    await field(phone, 'Confirm password').fill(PASSWORD);
    expect(await seriousAxeFindings(phone)).toEqual([]);
    await screenshotAtWidths(phone, SCREENSHOTS, 'set-up-account', WIDTHS.mobile);
    await phone.getByRole('button', { name: 'Set my password and sign in' }).click();
    await expectPath(phone, '/home');

    // Later, on another phone: "Sign in with employee number".
    const later = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await later.goto('/login');
    await later.getByRole('link', { name: 'Sign in with employee number' }).click();
    await expectPath(later, '/login');
    // A wrong organization code is refused like a wrong password.
    await field(later, 'Organization code').fill('WRONG234');
    await field(later, 'Employee number').fill('e-7001');
    await field(later, 'Password').fill(PASSWORD);
    await later.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectToast(later, 'These credentials do not match our records.');
    await field(later, 'Organization code').fill((organizationCode as string).toLowerCase());
    expect(await seriousAxeFindings(later)).toEqual([]);
    await screenshotAtWidths(later, SCREENSHOTS, 'sign-in-employee-number', WIDTHS.mobile);
    await later.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(later, '/home');
    // The phone remembers the organization code for the next sign-in (the form starts from it).
    expect(await later.evaluate(() => localStorage.getItem('mm.organization-code'))).toBe(organizationCode);

    // The same operator on the team's shared tablet: a PIN chosen on the phone, then their name and the PIN there.
    await later.goto('/account/kiosk-pin');
    await field(later, 'New PIN').fill('2580');
    await field(later, 'New PIN again').fill('2580');
    await later.getByRole('button', { name: 'Save PIN' }).click();
    await expectToast(later, 'Your kiosk PIN is saved.');
    const tablet = await newPage(env.browser, env.stack, WIDTHS.tablet);
    await signInThroughForm(tablet, DEMO.superUser.email, DEMO.superUser.password);
    await tablet.goto('/manage-organization/kiosks');
    await enrolTabletAsKiosk(tablet, 'Assembly', 'Assembly tablet');
    await tablet.getByRole('button', { name: 'Nadia Nightshift' }).click();
    await typePin(tablet, '2580');
    await expectPath(tablet, '/home');
    await expectVisible(tablet.getByRole('complementary', { name: 'Kiosk session' }).getByText('Signed in on the shared kiosk as Nadia'));
    await screenshotAtWidths(tablet, SCREENSHOTS, 'kiosk-home-employee-number', WIDTHS.tablet);

    // The printed code worked once: the set-up page now refuses it.
    const again = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await again.goto(`/set-up-account?organization=${organizationCode}&employee=E-7001`);
    await field(again, 'Setup code').fill(setupCode as string);
    await field(again, 'New password').fill(PASSWORD);
    await field(again, 'Confirm password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Set my password and sign in' }).click();
    await expectToast(again, 'This setup code is wrong, already used or expired.');
  }, 150_000);
});
