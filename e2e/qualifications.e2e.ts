import { describe, expect, it } from 'vitest';
import { DEMO, expectVisible, newPage, screenshotAtWidths, seriousAxeFindings, signInThroughForm, useStack, WIDTHS } from './harness.ts';

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
    await screenshotAtWidths(page, SCREENSHOTS, 'person', WIDTHS.desktop);
    await signOff.click();
    await expectVisible(card.getByText('Qualified', { exact: true }));

    // The matrix: Bruno's cell at the new station is green.
    await page.goto('/qualifications');
    const row = page.getByRole('row', { name: /Bruno Costa/ });
    await expectVisible(row);
    const columns = await page.getByRole('columnheader').allTextContents();
    const cell = row.getByRole('cell').nth(columns.indexOf('Press 9 cell') - 1);
    await expectVisible(cell.getByText('Qualified'));
    await screenshotAtWidths(page, SCREENSHOTS, 'matrix');

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
    await screenshotAtWidths(memberPage, SCREENSHOTS, 'mine');
  });

  it("required training: created without a checklist, due on the member's home, completed by watching alone", async () => {
    const { stack, browser } = env;
    const memberToken = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const member = (await stack.api('GET', '/api/profile', { token: memberToken })).body.data;
    // A clip Bruno has not watched in the demo's history and may open: the first sub-category he has not started, in
    // path order, among the categories his path has opened (a locked one answers no videos).
    const sections: { category_id: number }[] = (await stack.api('POST', '/api/home_first_section', { token: memberToken, json: {} })).body.data;
    let clip: { admin_video_id: number; title: string } | undefined;
    for (const section of sections) {
      if (clip) break;
      const answer = await stack.api('POST', '/api/categoryVideos', { token: memberToken, json: { category_id: section.category_id } });
      if (answer.status !== 200) continue;
      clip = answer.body.data.find((g: { watched_count: number }) => g.watched_count === 0)?.videos[0];
    }
    if (!clip) throw new Error('The demo member has started every sub-category');

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/qualifications');
    await page.getByRole('link', { name: 'New required training' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'New required training' }));
    // Completed by watching: no checklist, no shift minimum, no trainers.
    expect(await page.getByRole('textbox', { name: 'New checklist item' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Minimum qualified per shift' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Name' }).fill('Confined space entry');
    await page.getByRole('combobox', { name: 'Videos to watch' }).fill(clip.title.slice(0, 18));
    await page.getByRole('option', { name: clip.title, exact: true }).click();
    await page.keyboard.press('Escape');
    await screenshotAtWidths(page, SCREENSHOTS, 'training-new', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Create training' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Confined space entry' }));
    await expectVisible(page.getByRole('heading', { name: 'People assigned' }));
    await page.getByRole('combobox', { name: 'Assign people' }).fill('Bruno');
    await page.getByRole('option', { name: 'Bruno Costa' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Assign people' }).click();
    await expectVisible(page.getByRole('link', { name: 'Bruno Costa' }));

    // Bruno's home: the training is due in 14 days, with the video to watch.
    const memberPage = await newPage(browser, stack, WIDTHS.mobile);
    await signInThroughForm(memberPage, DEMO.member.email, DEMO.member.password);
    const due = memberPage.getByTestId('training-due');
    await expectVisible(due.getByText('Confined space entry', { exact: true }));
    await expectVisible(due.getByText('Due in 14 days'));
    await screenshotAtWidths(memberPage, SCREENSHOTS, 'home-due');
    await due.getByRole('link', { name: 'Watch the next video for Confined space entry' }).click();
    await memberPage.waitForURL(`**/video/${clip.admin_video_id}`);

    // Watching it through completes the training: no sign-off.
    const watched = await stack.api('POST', '/api/watch-user-video', {
      token: memberToken,
      json: { user: member.user_id, video: clip.admin_video_id, timeSpent: 60 },
    });
    expect(watched.status).toBe(201);
    await memberPage.goto('/qualifications');
    const card = memberPage.locator('.mantine-Card-root', { has: memberPage.getByRole('heading', { name: 'Confined space entry' }) });
    await expectVisible(card.getByText('Required training'));
    await expectVisible(card.getByText('Qualified', { exact: true }));

    // A yearly refresher covering a whole category Bruno holds the certificate of (the demo's induction covers a
    // sub-category): the certificate is valid until the refresher expires, on his certificates page and on the
    // public verification page.
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    const held = (await stack.api('GET', `/api/get_all_user_certifications/${member.user_id}`, { token: memberToken })).body.data.certifications;
    if (!held.length) throw new Error('The demo member holds no category certificate');
    const refresher = await stack.api('POST', `/api/organization/${organizationId}/stations`, {
      token: bossToken,
      json: {
        kind: 'training',
        name: `${held[0].name} refresher`,
        requirements: [{ kind: 'category', id: held[0].category_id }],
        validity_months: 12,
        min_per_shift: 0,
      },
    });
    expect(refresher.status).toBe(201);
    const assigned = await stack.api('POST', `/api/organization/${organizationId}/stations/${refresher.body.data.id}/assignments`, {
      token: bossToken,
      json: { user_ids: [member.user_id] },
    });
    expect(assigned.status).toBe(200);
    await memberPage.goto('/achievements');
    const valid = memberPage.getByTestId('obtained-certificate').filter({ hasText: /Valid until \d\d\/\d\d\/\d{4}/ });
    await expectVisible(valid.first());
    await screenshotAtWidths(memberPage, SCREENSHOTS, 'certificates');
    await valid.first().getByRole('link').click();
    await expectVisible(memberPage.getByRole('heading', { level: 1, name: 'Certificate verification' }));
    await expectVisible(memberPage.getByText('Valid certificate'));
    await expectVisible(memberPage.getByText(/^Valid until \d\d\/\d\d\/\d{4}$/));
  });
  // Issue 38: a station requiring the lesson's knowledge check beside the sign-off; the person's page says what is missing.
  it("says what stands between a person and a station requiring the lesson's knowledge check and the sign-off", async () => {
    const { stack, browser } = env;
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const memberToken = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const member = (await stack.api('GET', '/api/profile', { token: memberToken })).body.data;
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    const sections = (await stack.api('POST', '/api/home_first_section', { token: bossToken, json: {} })).body.data;
    const groups = (await stack.api('POST', '/api/categoryVideos', { token: bossToken, json: { category_id: sections[0].category_id } })).body.data;
    const clip: { admin_video_id: number; title: string } = groups[0].videos.at(-1);
    const question = { kind: 'true_false', prompt: 'A tag alone isolates the press.', options: [], correct: [1], explanation: 'A tag warns; a lock isolates.' };
    expect((await stack.api('POST', `/api/assessments/videos/${clip.admin_video_id}/questions`, { token: bossToken, json: question })).status).toBe(201);
    const check = { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 0 };
    expect((await stack.api('PUT', `/api/assessments/videos/${clip.admin_video_id}/check`, { token: bossToken, json: check })).status).toBe(200);
    const station = await stack.api('POST', `/api/organization/${organizationId}/stations`, {
      token: bossToken,
      json: {
        name: 'Press 12 cell',
        requirements: [{ kind: 'video', id: clip.admin_video_id, requires_check: true }],
        checklist: [CHECK],
      },
    });
    expect(station.status).toBe(201);
    const assign = { token: bossToken, json: { user_ids: [member.user_id] } };
    expect((await stack.api('POST', `/api/organization/${organizationId}/stations/${station.body.data.id}/assignments`, assign)).status).toBe(200);
    await stack.api('POST', '/api/watch-user-video', { token: memberToken, json: { user: member.user_id, video: clip.admin_video_id, timeSpent: 600 } });

    // The supervisor reads Bruno's page: videos done, the check and the sign-off still missing.
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto(`/qualifications/people/${member.user_id}`);
    const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Press 12 cell' }) });
    await expectVisible(card.getByText('Check not passed · Sign-off missing'));
    await expectVisible(card.getByRole('cell', { name: 'Not passed' }));
    expect(await card.getByRole('button', { name: 'Sign off' }).count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'person-check-missing', WIDTHS.desktop);

    // Bruno passes the check: only the trainer's sign-off is missing now, in the matrix too.
    const started = await stack.api('POST', `/api/assessments/videos/${clip.admin_video_id}/attempts`, { token: memberToken });
    const answers = started.body.data.questions.map((q: { id: number }) => ({ question_id: q.id, choices: [1] }));
    const submitted = await stack.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, { token: memberToken, json: { answers } });
    expect(submitted.body.data.passed).toBe(true);
    await page.reload();
    await expectVisible(card.getByText('Awaiting sign-off'));
    await expectVisible(card.getByText('Still missing: Sign-off missing', { exact: true }));
    await expectVisible(card.getByRole('cell', { name: /^Passed / }));
    await page.goto('/qualifications');
    const row = page.getByRole('row', { name: /Bruno Costa/ });
    // Press 4's cell said it already; Press 12's says it now too.
    await expect.poll(() => row.getByText('Still missing: Sign-off missing', { exact: true }).count()).toBe(2);
    await screenshotAtWidths(page, SCREENSHOTS, 'matrix-missing', WIDTHS.desktop);

    // The station form keeps which requirement asks for its check.
    await page.goto(`/qualifications/stations/${station.body.data.id}`);
    const picker = page.getByRole('textbox', { name: 'Knowledge check required for' }).or(page.getByRole('combobox', { name: 'Knowledge check required for' }));
    await expectVisible(picker.first());
    await expectVisible(page.locator('.mantine-MultiSelect-pill', { hasText: clip.title }).nth(1));
    await screenshotAtWidths(page, SCREENSHOTS, 'station-check', WIDTHS.desktop);
  });
});
