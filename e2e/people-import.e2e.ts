import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, expectPath, expectVisible, newPage, screenshotAtWidths, seriousAxeFindings, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.PEOPLE_IMPORT_SCREENSHOTS;

const HEADER = 'first_name,last_name,email,employee_number,team,role,shift';
const GOOD = ['Irene,Ibarra,irene.ibarra@acme-import.example,,Production,Press Operator,day', 'Oscar,Ortiz,,w-9001,Maintenance,Technician,night'];
const csv = (...rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`);

// Issue 39, CSV import: a super user downloads the template, uploads a file with one bad row, reads the problem in the
// preview, uploads the corrected file and imports it; the next step offers the printed sheets of the member without e-mail.
describe('people import', () => {
  const env = useStack();

  it('a super user imports a CSV, sees the bad row, fixes it and imports', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-team');
    await page.getByRole('link', { name: 'Import from CSV' }).click();
    await expectPath(page, '/manage-team/import');
    await expectVisible(page.getByRole('heading', { name: 'Import people from CSV' }));

    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template' }).click();
    const templatePath = `${fs.mkdtempSync('/tmp/people-import-')}/template.csv`;
    await (await template).saveAs(templatePath);
    expect(fs.readFileSync(templatePath, 'utf8')).toContain(HEADER);

    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'new-starters.csv', mimeType: 'text/csv', buffer: csv(...GOOD, 'Bea,Bravo,bea.bravo@,,Quality,Inspector,day') });
    await expectVisible(page.getByRole('heading', { name: 'Preview of new-starters.csv' }));
    await expectVisible(page.getByText('The e-mail address is not valid'));
    await expectVisible(page.getByText('1 row has problems.', { exact: false }));
    expect(await page.getByRole('button', { name: /^Import \d+ people$/ }).isDisabled()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'people-import-preview', WIDTHS.desktop);

    // Fixed in the spreadsheet and chosen again.
    await input.setInputFiles({
      name: 'new-starters.csv',
      mimeType: 'text/csv',
      buffer: csv(...GOOD, 'Bea,Bravo,bea.bravo@acme-import.example,,Quality,Inspector,day'),
    });
    await expectVisible(page.getByText('The file is ready: 3 people will be added.'));
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'people-import-ready', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Import 3 people' }).click();

    await expectVisible(page.getByText('3 people added'));
    await expectVisible(page.getByText('Invitation e-mails were sent to 2 people.'));
    await expectVisible(page.getByRole('heading', { name: 'Next step: print the sign-in sheets' }));
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'people-import-done', WIDTHS.desktop);
    const sheets = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print 1 sign-in sheet' }).click();
    expect((await sheets).suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByRole('link', { name: 'Back to Manage users' }).click();
    await expectPath(page, '/manage-team');
    await page.getByLabel('Find a user').fill('Ortiz');
    await expectVisible(page.getByRole('row').filter({ hasText: 'Oscar' }).getByText('No. W-9001'));

    // The same file again: everyone is recognised, nothing to import.
    await page.goto('/manage-team/import');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'new-starters.csv',
      mimeType: 'text/csv',
      buffer: csv(...GOOD, 'Bea,Bravo,bea.bravo@acme-import.example,,Quality,Inspector,day'),
    });
    await expectVisible(page.getByText('Everyone in this file is already a member: importing it adds no one.'));
  });
});
