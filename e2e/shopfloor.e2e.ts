import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO, expectPath, expectVisible, field, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

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
});
