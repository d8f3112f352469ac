import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, expectVisible, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.QUALIFICATIONS_SCREENSHOTS;
const CHECK = 'Light curtain tested at shift start';

// Issue 16: a super user defines a station, assigns a team, a member watches, the supervisor signs off at the
// station, the matrix turns green, and the audit pack names the revision watched.
describe('qualifications', () => {
  const env = useStack();

  it('defines a station, assigns a team, signs a trained member off and shows them qualified in the matrix', async () => {
    const { stack, browser } = env;
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const memberToken = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const member = (await stack.api('GET', '/api/profile', { token: memberToken })).body.data;
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    // The clip: the first of the organization's path, open to everyone.
    const sections = (await stack.api('POST', '/api/home_first_section', { token: bossToken, json: {} })).body.data;
    const groups = (await stack.api('POST', '/api/categoryVideos', { token: bossToken, json: { category_id: sections[0].category_id } })).body.data;
    const clip: { admin_video_id: number; title: string } = groups[0].videos[0];

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/qualifications');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Qualifications' }));
    await page.getByRole('link', { name: 'New station' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'New station' }));
    await page.getByRole('textbox', { name: 'Name' }).fill('Press 9 cell');
    await page.getByRole('combobox', { name: 'Required training' }).fill(clip.title.slice(0, 18));
    await page.getByRole('option', { name: clip.title, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'New checklist item' }).fill(CHECK);
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Create station' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Press 9 cell' }));

    // Assign Bruno's team.
    await page.getByRole('combobox', { name: 'Assign a team' }).click();
    await page.getByRole('option', { name: member.team, exact: true }).click();
    await page.getByRole('button', { name: 'Assign team' }).click();
    await expectVisible(page.getByRole('link', { name: 'Bruno Costa' }));

    // Bruno watches the clip through (the player's own report).
    const watched = await stack.api('POST', '/api/watch-user-video', {
      token: memberToken,
      json: { user: member.user_id, video: clip.admin_video_id, timeSpent: 60 },
    });
    expect(watched.status).toBe(201);

    // The supervisor signs him off at the station.
    await page.getByRole('link', { name: 'Bruno Costa' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Bruno Costa' }));
    const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Press 9 cell' }) });
    await expectVisible(card.getByText('Awaiting sign-off'));
    const signOff = card.getByRole('button', { name: 'Sign off' });
    expect(await signOff.isDisabled()).toBe(true);
    await card.getByRole('checkbox', { name: CHECK }).check();
    await card.getByRole('textbox', { name: 'Comment' }).fill('Ran a full batch with the guards closed.');
    if (SCREENSHOTS) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}/person-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    }
    await signOff.click();
    await expectVisible(card.getByText('Qualified', { exact: true }));

    // The matrix: Bruno's cell at the new station is green.
    await page.goto('/qualifications');
    const row = page.getByRole('row', { name: /Bruno Costa/ });
    await expectVisible(row);
    const columns = await page.getByRole('columnheader').allTextContents();
    const cell = row.getByRole('cell').nth(columns.indexOf('Press 9 cell') - 1);
    await expectVisible(cell.getByText('Qualified'));
    if (SCREENSHOTS) {
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}/matrix-${width}.png`, fullPage: true });
      }
    }

    // The audit pack of the person opens as a PDF and names the revision watched and the sign-off.
    const pdf = await fetch(`${stack.baseUrl}/api/organization/${organizationId}/audit-pack?user_id=${member.user_id}`, {
      headers: { authorization: `Bearer ${bossToken}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text).toContain(`Watched: ${clip.title.slice(0, 30)}`);
    expect(text).toMatch(/revision 1, completed/);
    expect(text).toContain(`[x] ${CHECK}`);

    // Bruno sees his own row.
    const memberPage = await newPage(browser, stack, WIDTHS.mobile);
    await signInThroughForm(memberPage, DEMO.member.email, DEMO.member.password);
    await memberPage.goto('/qualifications');
    await expectVisible(memberPage.getByRole('heading', { level: 1, name: 'My qualifications' }));
    await expectVisible(memberPage.getByRole('heading', { name: 'Press 9 cell' }));
    if (SCREENSHOTS) {
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await memberPage.setViewportSize({ width, height: 900 });
        await memberPage.screenshot({ path: `${SCREENSHOTS}/mine-${width}.png`, fullPage: true });
      }
    }
  });
});
