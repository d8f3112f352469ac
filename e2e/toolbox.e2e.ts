import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, expectVisible, newPage, screenshotAtWidths, signInThroughForm, toast, useStack, WIDTHS } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const SCREENSHOTS = process.env.KIOSK_SCREENSHOTS;
const CREW = ['Marcus Johnson', 'Priya Raman', 'Bruno Costa'];

// Issue 17: the supervisor leads a toolbox talk on one tablet: a clip, three attendees, the clip plays, one
// check question, the record and its attendance sheet.
describe('toolbox talk', () => {
  const env = useStack();

  it('records a talk with three attendees and prints the attendance sheet', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.tablet);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization');
    await page.getByRole('link', { name: /Toolbox talk/ }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Toolbox talk' }));

    const token = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    // The clip: the first of the organization's path, open to everyone.
    const sections = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
    const groups = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: sections[0].category_id } })).body.data;
    const clipTitle: string = groups[0].videos[0].title;
    await page.getByRole('combobox', { name: 'Clip' }).fill(clipTitle.slice(0, 20));
    await page.getByRole('option', { name: clipTitle }).click();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/toolbox-clip-768.png`, fullPage: true });
    await page.getByRole('button', { name: 'Next: attendance' }).click();

    // The crew taps their names (the supervisor's own team, Production, is offered first; the supervisor, who leads, is
    // not offered); Bruno's badge is scanned.
    const badges = await fetch(`${stack.baseUrl}/api/shopfloor/badges.pdf`, { headers: { authorization: `Bearer ${token}` } });
    const sheet = Buffer.from(await badges.arrayBuffer()).toString('latin1');
    const brunoBadge = /\(Bruno Costa\)[\s\S]*?\((MMB1-\d+-[A-Za-z0-9_-]{16})\)/.exec(sheet)?.[1];
    expect(brunoBadge).toBeDefined();
    for (const name of CREW.filter((n) => n !== 'Bruno Costa')) await page.getByRole('button', { name }).click();
    await page.getByRole('textbox', { name: 'Scan a badge' }).fill(brunoBadge ?? '');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Bruno Costa is here.'));
    for (const name of CREW) expect(await page.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Alice Martin' }).count()).toBe(0);
    await expectVisible(page.getByText('(3 here)'));
    await screenshotAtWidths(page, SCREENSHOTS, 'toolbox-attendance', WIDTHS.tablet);
    await page.getByRole('button', { name: 'Next: play the clip' }).click();

    // The clip plays.
    const video = page.getByTestId('toolbox-clip');
    await expectVisible(video);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => ((document.querySelector('[data-testid="toolbox-clip"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 15_000,
    });
    // A few seconds played is not a watch: the screen says the talk would be attendance only.
    await expectVisible(page.getByText('otherwise it is recorded as attendance only', { exact: false }));
    await screenshotAtWidths(page, SCREENSHOTS, 'toolbox-playing', WIDTHS.tablet);
    // Played to the end (fast, to keep the journey short: the played ranges still cover the whole clip).
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.playbackRate = 16;
      if (element.paused) await element.play();
      if (!element.ended) await new Promise((resolve) => element.addEventListener('ended', resolve, { once: true }));
    });
    await expectVisible(page.getByText('The clip has played to the end', { exact: false }));
    await page.getByRole('button', { name: 'Next: check question' }).click();

    // The check question and the crew's answer.
    expect(await page.getByRole('textbox', { name: 'Check question' }).inputValue()).toContain(clipTitle);
    await page.getByRole('textbox', { name: "The crew's answer" }).fill('Lock it out, tag it, and try to start it before reaching in.');
    await page.getByRole('button', { name: 'Record the talk' }).click();
    await expectVisible(page.getByRole('heading', { name: `Recorded: ${clipTitle}` }));
    await expectVisible(page.getByText('3 attended. The clip played to the end: it counts as watched for everyone, and the talk is recorded as attendance.'));
    // The success toast (top right) leaves the record's buttons free: it sat over "Start another talk" at 768 px
    // while the page stayed scrolled to where "Record the talk" had been.
    const recordedToast = toast(page, 'The toolbox talk is recorded.');
    await expectVisible(recordedToast);
    const toastBox = await recordedToast.boundingBox();
    for (const name of ['Start another talk', 'Attendance sheet (PDF)']) {
      const buttonBox = await page.getByRole('button', { name }).boundingBox();
      expect(toastBox && buttonBox).toBeTruthy();
      if (toastBox && buttonBox) expect(intersects(toastBox, buttonBox), `the toast covers "${name}"`).toBe(false);
    }
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/toolbox-recorded-768.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Attendance sheet (PDF)' }).click()]);
    const file = await download.path();
    const pdf = fs.readFileSync(file).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    for (const text of [...CREW, 'Alice Martin', 'Lock it out, tag it']) expect(pdf).toContain(text);

    // The record, through the API: three attendees, each credited, the clip played through.
    const talks = (await stack.api('GET', '/api/toolbox/talks', { token })).body.data.talks;
    expect(talks[0].video_title).toBe(clipTitle);
    expect(talks[0].clip_watched).toBe(true);
    expect(talks[0].attendees.map((a: { name: string }) => a.name).sort()).toEqual([...CREW].sort());
    expect(talks[0].attendees.every((a: { credited: boolean }) => a.credited)).toBe(true);
  });

  it('a station trainer finds the talk on their qualifications page and leads it', async () => {
    const { stack, browser } = env;
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    const bruno = (await stack.api('GET', '/api/profile', { token: await stack.signIn(DEMO.member.email, DEMO.member.password) })).body.data;
    const stations = (await stack.api('GET', `/api/organization/${organizationId}/stations`, { token: bossToken })).body.data.stations;
    const press = stations.find((s: { name: string }) => s.name === 'Press 4');
    const named = await stack.api('PUT', `/api/organization/${organizationId}/stations/${press.id}`, {
      token: bossToken,
      json: {
        kind: press.kind,
        name: press.name,
        description: press.description,
        requirements: press.requirements.map((r: { kind: string; id: number }) => ({ kind: r.kind, id: r.id })),
        checklist: press.checklist,
        validity_months: press.validity_months,
        warning_days: press.warning_days,
        due_days: press.due_days,
        min_per_shift: press.min_per_shift,
        trainer_ids: [bruno.user_id],
      },
    });
    expect(named.status).toBe(200);

    const page = await newPage(browser, stack, WIDTHS.tablet);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await page.goto('/qualifications');
    await expectVisible(page.getByRole('heading', { name: 'You are a trainer' }));
    await expectVisible(page.getByText('You sign people off at Press 4', { exact: false }));
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/trainer-qualifications-768.png`, fullPage: true });
    await page.getByRole('link', { name: 'Lead a toolbox talk' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Toolbox talk' }));
    await expectVisible(page.getByRole('combobox', { name: 'Clip' }));
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
