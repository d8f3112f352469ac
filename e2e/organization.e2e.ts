import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  dismissToasts,
  expectHidden,
  expectToast,
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

const SCREENSHOTS = process.env.ORGANIZATION_SCREENSHOTS;

// Administration spec: /manage-team, /manage-organization/create-team and the learning path creator (sections 2, 5, 8).
describe('organization administration', () => {
  const env = useStack();

  async function createUserThroughModal(page: Page, person: { name: string; lastName: string; email: string }) {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'New User' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    expect(await dialog.getByRole('button', { name: 'Create User' }).isDisabled()).toBe(true);
    await field(dialog, 'Name').fill(person.name);
    await field(dialog, 'Last Name').fill(person.lastName);
    await field(dialog, 'Email').fill(person.email);
    await field(dialog, 'Team').fill('Production');
    await field(dialog, 'Role').fill('Painter');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, /User created successfully/);
    await expectHidden(dialog);
    await expectVisible(page.getByRole('cell', { name: person.email, exact: true }));
  }

  it('creates users and a team, builds the team path by drag and drop, then edits and deletes a user', async () => {
    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);

    // Users first: the team's members.
    await page.goto('/manage-team');
    const painters = [
      { name: 'Paula', lastName: 'Primer', email: uniqueEmail('paula') },
      { name: 'Victor', lastName: 'Varnish', email: uniqueEmail('victor') },
    ];
    for (const person of painters) await createUserThroughModal(page, person);
    const invitation = await env.stack.mail.waitForMail(painters[0]!.email, /invited/i);
    expect(invitation.text).toMatch(/\/accept-invitation\?token=/);

    // The team.
    await page.goto('/manage-organization/create-team');
    await field(page, 'Team name').fill('Paint Shop');
    const members = page.getByRole('combobox', { name: 'Members' });
    for (const person of painters) {
      await members.click();
      await members.fill(person.name);
      await page.getByRole('option', { name: new RegExp(person.name) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team created successfully!');
    await expectVisible(page.getByRole('link', { name: 'Paint Shop' }));

    // The team's learning path: a hidden video, Health and Safety moved first, Strategy and Planning made required.
    await page.goto('/manage-organization/learning-path-creator');
    await field(page, 'Learning path for').first().click();
    await page.getByRole('option', { name: 'Paint Shop' }).click();
    await expectVisible(page.getByRole('button', { name: 'Move Health and Safety', exact: true }));
    await page.getByRole('button', { name: /^Continuous Improvement ·/ }).click();
    const hide = page.getByRole('checkbox', { name: 'Show The Eight Wastes on Your Shop Floor' });
    await expectVisible(hide);
    expect(await hide.isChecked()).toBe(true);
    await hide.uncheck();

    // Mark Strategy and Planning required while the rows stand still (before the drag moves them).
    const strategy = page.getByRole('switch', { name: 'Strategy and Planning required' });
    await strategy.click({ force: true });
    await expect.poll(() => strategy.isChecked()).toBe(true);

    // Drag Health and Safety (second) above the first category with the mouse, in small steps as a person does.
    const handle = page.getByRole('button', { name: 'Move Health and Safety', exact: true });
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const first = await page.getByTestId('path-item').first().boundingBox();
    if (!from || !first) throw new Error('the learning path list is not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, first.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('path-item').first().textContent()).toContain('Health and Safety');
    // dnd-kit swallows clicks for 50 ms after a drop (a timer it starts on mouse up); a person never clicks that fast, a
    // loaded CI machine did. A page timer of 100 ms started now fires after the library's, so the next click is heard.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));

    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save your selection' }).click();
    const confirm = page.getByRole('dialog');
    await expectVisible(confirm.getByText('Are you sure you want to save this learning Path?'));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Great! Team Paint Shop Categories sorted successfully!');

    const token = await env.stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const profile = await env.stack.api('GET', '/api/profile', { token });
    const organizationId = profile.body.data.organization_id as number;
    const teams = await env.stack.api('GET', `/api/organization/${organizationId}/teams`, { token });
    const team = teams.body.data.find((t: { name: string }) => t.name === 'Paint Shop');
    expect(team.members_count).toBe(2);
    const path = await env.stack.api('GET', `/api/get_all_organization_categories_learning_path/${organizationId}?team_id=${team.id}`, { token });
    expect(path.body.data.source).toBe('team');
    const names = path.body.data.data.map((c: { name: string }) => c.name);
    expect(names.slice(0, 2)).toEqual(['Health and Safety', 'Continuous Improvement']);
    expect(path.body.data.data.find((c: { name: string }) => c.name === 'Strategy and Planning').essential).toBe(1);
    const continuous = path.body.data.data.find((c: { name: string }) => c.name === 'Continuous Improvement');
    const hidden = await env.stack.api('GET', `/api/get_hidden_videos/${organizationId}/${continuous.id}?teamId=${team.id}`, { token });
    expect(hidden.body.data).toHaveLength(1);

    // Fifty users a page in name order, the next fifty a click away.
    await page.goto('/manage-team');
    await dismissToasts(page);
    const showing = page.getByText(/^Showing 50 of \d+ users$/);
    await expectVisible(showing);
    const total = Number((await showing.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(50);
    await expect.poll(() => page.getByRole('row').count()).toBe(51);
    await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(Math.min(total, 100) + 1);

    // Edit, then delete a user. Victor now reports to Paula (issue 39): his row names his manager.
    await page.getByRole('button', { name: `Edit ${painters[1]!.email}` }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Role').fill('Paint Line Lead');
    const manager = dialog.getByRole('combobox', { name: 'Manager' });
    await manager.click();
    await manager.fill('Paula Pri');
    await page.getByRole('option', { name: 'Paula Primer' }).click();
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (SCREENSHOTS) {
      // The dialog as the screen shows it (a full-page capture leaves a fixed dialog out of place).
      for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}/user-modal-manager-${width}.png` });
      }
      await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    }
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expectToast(page, 'User updated successfully!');
    await expectVisible(page.getByRole('cell', { name: 'Paint Line Lead', exact: true }));
    await expectVisible(page.getByRole('row', { name: new RegExp(painters[1]!.email) }).getByRole('cell', { name: 'Paula Primer', exact: true }));
    await screenshotAtWidths(page, SCREENSHOTS, 'manage-users-manager', 1280);

    // Found by role, then by a name without its accent; a search matching nobody says so.
    const search = page.getByRole('textbox', { name: 'Find a user' });
    await search.fill('paint line');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await search.fill('hernandez');
    await expectVisible(page.getByRole('cell', { name: 'Hernández', exact: true }));
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await search.fill('no such person');
    await expectVisible(page.getByText('No user matches “no such person”.'));
    await search.fill(painters[0]!.email);

    await dismissToasts(page);
    await page.getByRole('button', { name: `Delete ${painters[0]!.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User deleted successfully!');
    await expectHidden(page.getByRole('cell', { name: painters[0]!.email, exact: true }));
    await expectVisible(page.getByText(`No user matches “${painters[0]!.email}”.`));
  });
});
