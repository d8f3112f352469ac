import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectHidden, expectPath, expectToast, expectVisible, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

// Member spec, sections 2, 4, 5 and 8: the landing page (FAQ columns and modal), sharing a video with a
// team from /share/emails, and the public /watch/{unique_id}/{token} page with a valid and a dead link.
describe('landing page and sharing by e-mail', () => {
  const env = useStack();

  it('shows the landing with 1, 3 and 5 FAQ columns and opens an answer', async () => {
    for (const [width, columns] of [
      [WIDTHS.mobile, 1],
      [WIDTHS.tablet, 3],
      [WIDTHS.desktop, 5],
    ] as const) {
      const page = await newPage(env.browser, env.stack, width);
      await page.goto('/');
      const grid = page.getByTestId('faq-grid');
      await expectVisible(grid);
      await expectVisible(page.getByTestId('landing-banner-title'));
      expect(await page.getByTestId('landing-section').count()).toBe(3);
      const count = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(count, `FAQ columns at ${width}px`).toBe(columns);
      if (width === WIDTHS.desktop) {
        const first = grid.getByRole('button').first();
        const question = (await first.innerText()).trim();
        await first.click();
        const modal = page.getByRole('dialog', { name: question });
        await expectVisible(modal);
        expect((await modal.innerText()).length).toBeGreaterThan(question.length);
        await expectVisible(page.getByRole('link', { name: 'Sign in' }));
        await expectVisible(page.getByRole('link', { name: 'Continue as a guest' }));
      }
      await page.context().close();
    }
  });

  it('lets a super user share a video with a team member; the link plays signed out and a dead link says so', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const sections = await stack.api('POST', '/api/home_first_section', { token, json: {} });
    const categoryId: number = sections.body.data[0].category_id;
    const groups = await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: categoryId } });
    const group = groups.body.data[0] as { title: string; videos: Array<{ admin_video_id: number; title: string }> };
    const video = group.videos[0]!;

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await dismissToasts(page);
    await page.goto(`/category/${categoryId}`);
    await page
      .getByRole('list', { name: `${group.title} videos`, exact: true })
      .getByRole('button', { name: new RegExp(`^${video.title}`) })
      .click();
    await page.getByRole('dialog', { name: video.title }).getByRole('button', { name: 'Share Video' }).click();
    await expectPath(page, '/share/emails');
    await expectVisible(page.getByTestId('share-preview').getByText(video.title));

    await page.getByRole('textbox', { name: 'Personal message' }).fill('Please watch this before Monday.');
    await page.getByRole('combobox', { name: 'Team', exact: true }).click();
    await page.getByRole('option', { name: 'Quality', exact: true }).click();
    await page.getByRole('combobox', { name: 'Team members' }).click();
    // Only the team's members are offered (Bruno Costa works in Production).
    await expectVisible(page.getByRole('option', { name: 'Chloe Nguyen' }));
    await expectHidden(page.getByRole('option', { name: 'Bruno Costa' }));
    await page.getByRole('option', { name: 'Chloe Nguyen' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, 'Video shared');
    await expectPath(page, '/home');

    const mail = await stack.mail.waitForMail('quality@acme.example', video.title);
    expect(mail.text).toContain('Please watch this before Monday.');
    const link = /http:\/\/[^\s"]+\/watch\/[\w-]+\/[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;

    // A fresh, signed-out browser context plays it.
    const guest = await newPage(browser, stack, WIDTHS.desktop);
    const manifest = guest.waitForResponse((response) => response.url().endsWith('/master.m3u8'));
    await guest.goto(path);
    await expectVisible(guest.getByRole('heading', { level: 1, name: 'A colleague shared this Manufacturing Masters video with you' }));
    await expectVisible(guest.getByRole('link', { name: 'Visit Website' }));
    // Who shared it (first name and organization, no e-mail), in the product's player with its own controls.
    await expect.poll(() => guest.getByTestId('shared-by').textContent()).toMatch(/^Shared by Alice of [^@]+$/);
    await expectVisible(guest.getByRole('group', { name: 'Player controls' }));
    expect((await manifest).status()).toBe(200);
    await guest.evaluate(() => {
      const v = document.querySelector('video');
      if (v) {
        v.muted = true;
        void v.play();
      }
    });
    await guest.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15_000 });
    // The demo lesson's captions come with the link: shown at start, and its transcript below seeks.
    await expectVisible(guest.getByTestId('player-caption'));
    const transcript = guest.getByRole('region', { name: 'Transcript' });
    const cues = transcript.getByRole('button');
    await expectVisible(cues.nth(2));
    await cues.nth(2).click();
    const cueStart = await cues.nth(2).evaluate((cue) => cue.textContent ?? '');
    const [minutes, seconds] = (/(\d+):(\d\d)/.exec(cueStart) ?? []).slice(1).map(Number);
    await guest.waitForFunction((at) => Math.abs((document.querySelector('video')?.currentTime ?? 0) - at) < 1.5, (minutes ?? 0) * 60 + (seconds ?? 0));

    // A link that no longer opens (expired or tampered) shows the expired message and the server's error.
    await guest.goto(`${path.slice(0, path.lastIndexOf('/'))}/${'x'.repeat(43)}`);
    await expectVisible(guest.getByTestId('share-expired'));
    await expectVisible(guest.getByText(/The link to this video has expired/));
    await expectVisible(guest.getByTestId('share-expired').getByRole('link', { name: 'here!' }));
    await expectToast(guest, 'This shared link does not exist.');
  });
});
