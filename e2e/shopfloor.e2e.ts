import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, expectPath, expectVisible, field, newPage, screenshotAtWidths, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.KIOSK_SCREENSHOTS;

// Issue 17: a super user prints video QR labels; a signed-out phone scanning one signs in and lands on that video.
describe('shop floor QR labels', () => {
  const env = useStack();

  it('prints a video QR sheet whose address opens the video after sign-in', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization');
    await page.getByRole('link', { name: /QR codes/ }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'QR codes' }));
    await page.getByRole('tab', { name: 'Videos' }).click();
    const first = page.getByRole('checkbox').first();
    await first.check();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/qr-codes-1280.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download QR sheet/ }).click()]);
    const pdf = fs.readFileSync(await download.path()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const address = /\((http[^)]+\/video\/(\d+))\)/.exec(pdf);
    expect(address).not.toBeNull();

    // The phone: signed out, it opens the label's address, signs in and is on the video.
    const phone = await newPage(browser, stack, WIDTHS.mobile);
    const videoPath = new URL(address?.[1] ?? '').pathname;
    await phone.goto(videoPath);
    await expectPath(phone, '/login');
    await field(phone, 'Email').fill(DEMO.member.email);
    await field(phone, 'Password').fill(DEMO.member.password);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(phone, videoPath);
  });

  it('a station label: the operator signs in on the phone and sees amber, asks for sign-off, red where not assigned, green once signed off', async () => {
    const { stack, browser } = env;
    const bossToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const organizationId: number = (await stack.api('GET', '/api/profile', { token: bossToken })).body.data.organization_id;
    const member = (await stack.api('GET', '/api/profile', { token: await stack.signIn(DEMO.member.email, DEMO.member.password) })).body.data;
    const stations: { id: number; name: string; checklist: string[] }[] = (
      await stack.api('GET', `/api/organization/${organizationId}/stations`, { token: bossToken })
    ).body.data.stations;
    const press = stations.find((s) => s.name === 'Press 4');
    const forklift = stations.find((s) => s.name === 'Forklift');
    if (!press || !forklift) throw new Error('The demo plant has Press 4 and Forklift');

    // The supervisor prints Press 4's label.
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization/qr-codes');
    await page.getByRole('checkbox', { name: 'Press 4' }).check();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/qr-stations-1280.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download QR sheet/ }).click()]);
    const pdf = fs.readFileSync(await download.path()).toString('latin1');
    const address = /\((http[^)]+\/station\/(\d+))\)/.exec(pdf);
    expect(Number(address?.[2])).toBe(press.id);

    // Bruno scans it signed out: sign-in continues to the station. His videos are done, his sign-off is not.
    const phone = await newPage(browser, stack, WIDTHS.mobile);
    const stationPath = new URL(address?.[1] ?? '').pathname;
    await phone.goto(stationPath);
    await expectPath(phone, '/login');
    await field(phone, 'Email').fill(DEMO.member.email);
    await field(phone, 'Password').fill(DEMO.member.password);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(phone, stationPath);
    const verdict = phone.getByTestId('station-verdict');
    await expectVisible(verdict.getByText('Training needed'));
    await expectVisible(verdict.getByText('Your videos are done: a trainer must watch you run the station and sign you off.'));
    expect(await phone.title()).toContain('Station check');
    await screenshotAtWidths(phone, SCREENSHOTS, 'station-amber', WIDTHS.mobile);
    await phone.getByRole('button', { name: 'Ask for sign-off' }).click();
    await expectVisible(phone.getByText('Sign-off requested'));

    // At the forklift, where he is not assigned: red, with the reason.
    await phone.goto(`/station/${forklift.id}`);
    await expectVisible(phone.getByTestId('station-verdict').getByText('Not qualified'));
    await expectVisible(phone.getByText('You are not assigned to this station', { exact: false }));
    if (SCREENSHOTS) await phone.screenshot({ path: `${SCREENSHOTS}/station-red-425.png`, fullPage: true });

    // The supervisor signs him off; the same label now clears him.
    const signed = await stack.api('POST', `/api/organization/${organizationId}/signoffs`, {
      token: bossToken,
      json: { station_id: press.id, user_id: member.user_id, checklist: press.checklist.map((item) => ({ item, checked: true })) },
    });
    expect(signed.status).toBe(201);
    await phone.goto(stationPath);
    await expectVisible(phone.getByTestId('station-verdict').getByText('Cleared to run'));
    await expectVisible(phone.getByText(/^You are qualified until \d\d\/\d\d\/\d{4}\.$/));
    if (SCREENSHOTS) await phone.screenshot({ path: `${SCREENSHOTS}/station-green-425.png`, fullPage: true });
  });
});
