import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  dismissToasts,
  enrolTabletAsKiosk,
  expectPath,
  expectVisible,
  newPage,
  screenshotAtWidths,
  seriousAxeFindings,
  signInThroughForm,
  typePin,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.KIOSK_SCREENSHOTS;
const STEPS = ['Guards closed before every stroke', 'Two-hand control: both buttons for every stroke'] as const;
/** A real picture for a step's photo (the app's own icon): the server decodes and re-encodes it. */
const PHOTO = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/public/icons/icon-192.png'));

// Issue 38: on the Production team's kiosk at 768 px, Alice (super user) observes Bruno at a station and records a
// practical check: one step fails (a note, a photo on the other), Bruno confirms with his PIN (a wrong one first),
// Alice signs with hers; nothing is signed off and Bruno's page names the step to redo, and Alice opens the check there
// (steps, notes, the photo, its evidence record). A second check with every step passed signs him off; both are in the
// evidence chain, which still verifies.
describe('practical check on the kiosk', () => {
  const env = useStack();

  it('a trainer records a practical check on the kiosk at 768 px, confirmed by both PINs, into the evidence chain', async () => {
    const { stack, browser } = env;
    const boss = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const bruno = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const member = (await stack.api('GET', '/api/profile', { token: bruno })).body.data;
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: boss })).body.data.organization_id;
    expect((await stack.api('POST', '/api/kiosk-pin', { token: bruno, json: { pin: '2580', pin_confirmation: '2580' } })).status).toBe(201);
    expect((await stack.api('POST', '/api/kiosk-pin', { token: boss, json: { pin: '1470', pin_confirmation: '1470' } })).status).toBe(201);
    // A station with a two-step checklist requiring the path's first clip, which Bruno has watched.
    const sections = (await stack.api('POST', '/api/home_first_section', { token: boss, json: {} })).body.data;
    const groups = (await stack.api('POST', '/api/categoryVideos', { token: boss, json: { category_id: sections[0].category_id } })).body.data;
    const clip: { admin_video_id: number } = groups[0].videos[0];
    const station = await stack.api('POST', `/api/organization/${organizationId}/stations`, {
      token: boss,
      json: { name: 'Press 9 practical', requirements: [{ kind: 'video', id: clip.admin_video_id }], checklist: STEPS, validity_months: 12, min_per_shift: 0 },
    });
    expect(station.status).toBe(201);
    const stationId = station.body.data.id as number;
    const assign = await stack.api('POST', `/api/organization/${organizationId}/stations/${stationId}/assignments`, {
      token: boss,
      json: { user_ids: [member.user_id] },
    });
    expect(assign.status).toBe(200);
    const watched = await stack.api('POST', '/api/watch-user-video', {
      token: bruno,
      json: { user: member.user_id, video: clip.admin_video_id, timeSpent: 60 },
    });
    expect(watched.status).toBe(201);
    const standing = async () =>
      (await stack.api('GET', `/api/organization/${organizationId}/qualifications?user_id=${member.user_id}`, { token: boss })).body.data.stations.find(
        (s: { station_id: number }) => s.station_id === stationId,
      );
    expect((await standing()).state).toBe('awaiting_signoff');

    // The tablet is enrolled as the Production team's kiosk.
    const page = await newPage(browser, stack, WIDTHS.tablet);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization/kiosks');
    await enrolTabletAsKiosk(page, 'Production', 'Press line tablet');

    // The trainer opens the practical check from the team's screen and picks the station, operator and trainer.
    await page.getByRole('link', { name: 'Record a practical check (trainers)' }).click();
    await expectPath(page, '/kiosk/practical-check');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Practical check' }));
    await dismissToasts(page);
    await page.getByRole('combobox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Press 9 practical' }).click();
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Bruno Costa' }).click();
    await page.getByRole('combobox', { name: 'Trainer' }).click();
    await page.getByRole('option', { name: /^Alice / }).click();
    const confirm = page.getByRole('button', { name: 'Confirm with PINs' });
    expect(await confirm.isDisabled()).toBe(true);

    // Step 1 passed with a note and a photo; step 2 failed with a note.
    const first = page.getByRole('radiogroup', { name: `Step 1: ${STEPS[0]}` });
    await first.getByRole('radio', { name: 'Pass' }).check();
    await page.getByRole('textbox', { name: 'Note for step 1 (optional)' }).fill('Guards closed on all 20 strokes.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a photo to step 1' }).click();
    await (await chooser).setFiles({ name: 'guards.png', mimeType: 'image/png', buffer: PHOTO });
    await expectVisible(page.getByRole('img', { name: 'Photo of step 1' }));
    const second = page.getByRole('radiogroup', { name: `Step 2: ${STEPS[1]}` });
    await second.getByRole('radio', { name: 'Fail' }).check();
    await page.getByRole('textbox', { name: 'Note for step 2 (optional)' }).fill('Held one button down with his knee.');
    expect(await confirm.isDisabled()).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'practical-form', WIDTHS.tablet);

    // Bruno confirms with a wrong PIN, Alice signs: refused, nothing recorded, Bruno is asked again.
    await confirm.click();
    await expectVisible(page.getByRole('dialog', { name: 'Bruno Costa (operator): your PIN' }));
    await typePin(page, '1111');
    await expectVisible(page.getByRole('dialog', { name: /^Alice .* \(trainer\): your PIN$/ }));
    await typePin(page, '1470');
    await expectVisible(page.getByRole('dialog', { name: 'Bruno Costa (operator): your PIN' }).getByText('The operator’s PIN is wrong.', { exact: false }));
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/practical-pin-768.png` });
    expect((await standing()).last_practical).toBeNull();
    await typePin(page, '2580');
    await typePin(page, '1470');

    // Recorded, not passed: nothing signed; the step to redo is named.
    await expectVisible(page.getByText('Not passed: not signed off'));
    await expectVisible(page.getByRole('listitem').filter({ hasText: `${STEPS[1]}: Held one button down with his knee.` }));
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'practical-failed', WIDTHS.tablet);
    const failed = await standing();
    expect(failed).toMatchObject({ state: 'awaiting_signoff', missing: ['signoff'], last_practical: { passed: false, failed_steps: [STEPS[1]] } });

    // The person's qualification page (the supervisor's own device) says what is missing.
    const desk = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(desk, DEMO.superUser.email, DEMO.superUser.password);
    await desk.goto(`/qualifications/people/${member.user_id}`);
    const card = desk.locator('.mantine-Card-root', { has: desk.getByRole('heading', { name: 'Press 9 practical' }) });
    await expectVisible(card.getByTestId('practical-failed').getByText(STEPS[1]));
    await expectVisible(card.getByText(/Sign-off missing/));
    await screenshotAtWidths(desk, SCREENSHOTS, 'practical-person', WIDTHS.desktop);

    // The supervisor opens the check: the station, operator, trainer and time, each step with its note, the photo
    // (read at its signed address: the address it is kept at opens nothing), and its record in the evidence chain.
    await card.getByRole('button', { name: 'See the practical check at Press 9 practical' }).click();
    const details = desk.getByRole('dialog', { name: 'Practical check' });
    await expectVisible(details.getByTestId('practical-details'));
    await expectVisible(details.getByRole('cell', { name: 'Bruno Costa' }));
    await expectVisible(details.getByRole('cell', { name: /^Alice / }));
    // Recorded on the team's tablet: the dialog names the kiosk.
    await expectVisible(details.getByTestId('practical-kiosk').getByText('Press line tablet'));
    await expectVisible(details.getByText(STEPS[0], { exact: true }));
    await expectVisible(details.getByText('Note: Guards closed on all 20 strokes.'));
    await expectVisible(details.getByText('Note: Held one button down with his knee.'));
    await expectVisible(details.getByText('Fail', { exact: true }));
    await expectVisible(details.getByTestId('practical-evidence').getByText(/Kept in the evidence chain as record #\d+/));
    const shown = details.getByRole('img', { name: `Photo of step 1: ${STEPS[0]}` });
    await expectVisible(shown);
    await desk.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await shown.elementHandle());
    const signed = (await shown.getAttribute('src')) as string;
    expect(signed).toMatch(/^\/media\/\d+\/[\w-]+\/uploads\/practical\/[\w-]+\.webp$/);
    expect((await fetch(`${stack.baseUrl}${signed.replace(/^\/media\/[^/]+\/[^/]+/, '')}`)).status).toBe(404);
    expect(await seriousAxeFindings(desk)).toEqual([]);
    await screenshotAtWidths(desk, SCREENSHOTS, 'practical-details', WIDTHS.desktop);
    await details.getByRole('button', { name: 'Close' }).click();

    // A second check, every step passed: signed off, qualified.
    await page.getByRole('button', { name: 'Record another check' }).click();
    await page.getByRole('combobox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Press 9 practical' }).click();
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Bruno Costa' }).click();
    await page.getByRole('combobox', { name: 'Trainer' }).click();
    await page.getByRole('option', { name: /^Alice / }).click();
    for (const [i, step] of STEPS.entries())
      await page
        .getByRole('radiogroup', { name: `Step ${i + 1}: ${step}` })
        .getByRole('radio', { name: 'Pass' })
        .check();
    await confirm.click();
    await typePin(page, '2580');
    await typePin(page, '1470');
    await expectVisible(page.getByText('Passed and signed off'));
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'practical-passed', WIDTHS.tablet);
    expect((await standing()).state).toBe('qualified');

    // Both checks are in the evidence chain, which verifies; the audit pack prints them from it.
    const verify = await stack.api('GET', `/api/organization/${organizationId}/audit-pack/verify`, { token: boss });
    expect(verify.body.data).toMatchObject({ intact: true, first_broken_sequence: null });
    const csv = await fetch(`${stack.baseUrl}/api/organization/${organizationId}/audit-pack?user_id=${member.user_id}&format=csv`, {
      headers: { authorization: `Bearer ${boss}` },
    });
    const text = await csv.text();
    expect(text).toContain('did not pass the practical check at Press 9 practical');
    expect(text).toContain(`FAIL: ${STEPS[1]} (Held one button down with his knee.)`);
    expect(text).toContain(`pass: ${STEPS[0]} (Guards closed on all 20 strokes.) [photo]`);
    expect(text).toContain('passed the practical check at Press 9 practical');

    // The station's page lists both checks, the newest first; each opens the same details.
    await desk.goto(`/qualifications/stations/${stationId}`);
    const listed = desk.getByTestId('station-practical-checks');
    await expectVisible(listed);
    const rows = listed.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expectVisible(rows.nth(0).getByText('Passed', { exact: true }));
    await expectVisible(rows.nth(1).getByText('Not passed', { exact: true }));
    expect(await seriousAxeFindings(desk)).toEqual([]);
    await screenshotAtWidths(desk, SCREENSHOTS, 'station-practical-checks', WIDTHS.desktop);
    await rows
      .nth(1)
      .getByRole('button', { name: /^See the practical check of Bruno Costa on / })
      .click();
    const again = desk.getByRole('dialog', { name: 'Practical check' });
    await expectVisible(again.getByText('Note: Held one button down with his knee.'));
    expect(await seriousAxeFindings(desk)).toEqual([]);
  });
});
