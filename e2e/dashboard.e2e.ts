import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectToast, expectVisible, freshDemoMember, newPage, signInThroughForm, useStack } from './harness.ts';

// Administration spec, section 2 "Team dashboard": tracker with CSV export, alert to one member, broadcast.
describe('team dashboard', () => {
  const env = useStack();

  it('lets the supervisor switch team, export the CSV, alert a member and broadcast', async () => {
    // A newcomer to Production watches part of a video of the first category of the path: started, not finished
    // (the demo members have months of history, Bruno finished that category long ago).
    const password = 'Newcomer-Password-2026';
    const newcomer = await freshDemoMember(env.stack, { name: 'Omar', lastName: 'Farouk', team: 'Production', role: 'Machine Operator', password });
    const login = await env.stack.api('POST', '/api/v4/login', { json: { email: newcomer.email, password } });
    expect(login.status).toBe(200);
    const { token, user_id: userId, organization_id: organizationId } = login.body.data as { token: string; user_id: number; organization_id: number };
    const member = { token, userId, organizationId };
    // Production follows its own path: the first step of the newcomer's path is always open.
    const path = await env.stack.api('GET', '/api/learning_path_home', { token });
    const first = path.body.data.categories[0] as { category_id: number; name: string };
    const firstCategory = { id: first.category_id, name: first.name };
    const tree = await env.stack.api('GET', `/api/organization/${member.organizationId}/categories`, {
      token: await env.stack.signIn(DEMO.superUser.email, DEMO.superUser.password),
    });
    const category = (tree.body.data as { id: number; subcategories: { data: { admin_video_id: number }[] }[] }[]).find((c) => c.id === firstCategory.id)!;
    const videoId = category.subcategories.flatMap((s) => s.data)[0]!.admin_video_id;
    const watched = await env.stack.api('POST', '/api/watch-user-video', {
      token: member.token,
      json: { user: member.userId, video: videoId, timeSpent: 0.05 },
    });
    expect(watched.status).toBe(201);

    const page = await newPage(env.browser, env.stack);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'Team Tracker' }));

    // The whole organization: twenty bars, twenty more on demand, and a member found by name (accents ignored).
    const trackerUsers = page.getByTestId('tracker-user');
    await expect.poll(() => trackerUsers.count(), { timeout: 15_000 }).toBe(20);
    const showing = page.getByText(/^Showing \d+ of \d+ members$/);
    await expect.poll(() => showing.textContent()).toMatch(/^Showing 20 of (\d+) members$/);
    const members = Number((await showing.textContent())?.match(/of (\d+)/)?.[1]);
    await page.getByRole('button', { name: 'Show 20 more' }).click();
    await expect.poll(() => trackerUsers.count()).toBe(40);
    await expect.poll(() => showing.textContent()).toBe(`Showing 40 of ${members} members`);
    await page.getByRole('textbox', { name: 'Find a member' }).fill('laura gomez');
    await expect.poll(() => trackerUsers.allTextContents()).toEqual([expect.stringMatching(/^LGLaura Gómez\d+%/)]);
    await page.getByRole('textbox', { name: 'Find a member' }).fill('');

    // The export holds every member of the selection, not only the bars shown.
    const [organizationCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const organizationLines = fs
      .readFileSync((await organizationCsv.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(organizationLines.length - 1).toBe(members);

    // Switch to the member's team.
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: 'Production', exact: true }).click();
    const memberRow = page.getByRole('button', { name: `Alert Omar Farouk about ${firstCategory.name}` });
    await expectVisible(memberRow, 15_000);
    await expectVisible(page.getByText('Omar Farouk').first());

    // Export the CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('team-data.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('Name,Progress');
    expect(csv).toMatch(/Omar Farouk,\d+/);
    // Bruno's line is the progress his home shows him (issue 33: one number wherever it shows).
    const brunoHome = await env.stack.api('GET', '/api/learning_path_home', { token: await env.stack.signIn(DEMO.member.email, DEMO.member.password) });
    expect(csv).toMatch(new RegExp(`^Bruno Costa,${brunoHome.body.data.percent}$`, 'm'));

    // Alert the member: confirm, toast, e-mail.
    page.once('dialog', (dialog) => void dialog.accept());
    await memberRow.click();
    await expectToast(page, 'Alert send successfully!');
    const mail = await env.stack.mail.waitForMail(newcomer.email, /reminds you to continue/);
    expect(mail.text).toContain(firstCategory.name);

    // Broadcast to the selection.
    await dismissToasts(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Send Broadcast' }).click();
    await expectToast(page, 'Broadcast sent successfully!');
  });
});
