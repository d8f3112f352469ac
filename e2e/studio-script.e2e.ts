import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  dismissToasts,
  expectHidden,
  expectVisible,
  newPage,
  playOwnLesson,
  seriousAxeFindings,
  signInThroughForm,
  toast,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.STUDIO_SCREENSHOTS;
const STEPS = ['Stop the press at top dead centre.', 'Lock the main switch with your own lock.', 'Press start to prove the press is dead.'];

/** axe at 425, 768 and 1280 px, and screenshots there: of the viewport with a dialog open (what it shows), else of the page. */
async function checkWidths(page: Page, name: string, { dialog = false } = {}): Promise<void> {
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    expect({ width, findings: await seriousAxeFindings(page) }).toEqual({ width, findings: [] });
    if (SCREENSHOTS) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: !dialog });
    }
  }
}

// Issue 37, a lesson from a script: a super user with no video types a title and three steps; the studio renders a
// narrated slide lesson with captions; published, the member plays it and its captions say the steps.
describe('plant studio: lesson from a script', () => {
  const env = useStack();

  it('writes a script, follows its rendering, publishes it; the member plays it with the steps as captions; edited, a revision', {
    timeout: 720_000,
  }, async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/studio');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Studio' }));
    await page.getByRole('button', { name: 'Write a script' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lesson from a script' });
    await expectVisible(dialog);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Lockout of press 4');
    await dialog.getByRole('textbox', { name: 'Category' }).fill('Safety');
    for (const [i, step] of STEPS.entries()) await dialog.getByRole('textbox', { name: `Step ${i + 1}` }).fill(step);
    // Step 2 gets a photo (a small PNG made by ffmpeg), checked and kept by the server, shown in the form.
    const photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mm-script-e2e-')), 'switch.png');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120', '-frames:v', '1', photo]);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Add a photo to step 2' }).click()]);
    await chooser.setFiles(photo);
    await expectVisible(dialog.getByRole('img', { name: 'Photo of step 2' }));
    // A fourth step added and taken back: three is the least, so no step can be removed then.
    await dialog.getByRole('button', { name: 'Add a step' }).click();
    await expectVisible(dialog.getByRole('textbox', { name: 'Step 4' }));
    await checkWidths(page, 'studio-script-dialog', { dialog: true });
    await dialog.getByRole('button', { name: 'Remove step 4' }).click();
    await expectHidden(dialog.getByRole('button', { name: /^Remove step/ }).first());
    await dialog.getByRole('button', { name: 'Create and render' }).click();
    await expectHidden(dialog);

    const card = page.getByRole('article', { name: 'Lockout of press 4' });
    await expectVisible(card);
    await expectVisible(card.getByText('Video ready'), 180_000);
    await expectVisible(card.getByText('Captions: 4 lines'));
    await dismissToasts(page);
    await checkWidths(page, 'studio-script-ready');
    await card.getByRole('button', { name: 'Publish' }).click();
    await expectVisible(card.getByText('Published'), 30_000);

    // The member plays it; the captions, cut from the script and timed to the speech, say each step.
    const member = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(member, DEMO.member.email, DEMO.member.password);
    await member.goto('/our-lessons');
    await member.getByRole('button', { name: 'Play Lockout of press 4' }).click();
    const frame = member.getByTestId('our-lesson-player');
    await playOwnLesson(member);
    const transcriptButton = frame.getByRole('button', { name: 'Transcript' });
    if ((await transcriptButton.getAttribute('aria-pressed')) !== 'true') await transcriptButton.click();
    for (const [i, step] of STEPS.entries()) await expectVisible(frame.getByText(`${i + 1}. ${step}`).first());
    await checkWidths(member, 'studio-script-playing');

    // The narrated Spanish version: the steps drafted by machine (marked so), one corrected by the author, rendered
    // with the Spanish voice; the member then chooses it beside the English one and reads the Spanish steps.
    await card.getByRole('button', { name: 'Spanish version of “Lockout of press 4”' }).click();
    const spanish = page.getByRole('dialog', { name: 'Spanish version of “Lockout of press 4”' });
    await expectVisible(spanish.getByText('Machine translation', { exact: true }), 60_000);
    const firstStep = spanish.getByRole('textbox', { name: 'Step 1 in Spanish' });
    await expect.poll(() => firstStep.inputValue()).not.toBe('');
    await firstStep.fill('Pare la prensa en el punto muerto superior.');
    await checkWidths(page, 'studio-script-spanish-dialog', { dialog: true });
    await spanish.getByRole('button', { name: 'Save and render in Spanish' }).click();
    // The dialog stays open on the rendering's progress; the author may close it and come back.
    await expectVisible(page.getByText('The Spanish steps are saved: the Spanish version is being rendered.'));
    await spanish.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(spanish);
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const boss = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const lessonId = (await stack.api('GET', '/api/studio/lessons', { token: boss })).body.data.lessons.find(
      (l: { title: string }) => l.title === 'Lockout of press 4',
    ).id as number;
    await expect
      .poll(async () => (await stack.api('GET', `/api/studio/library/${lessonId}`, { token })).body.data.versions, { timeout: 240_000, interval: 2000 })
      .toEqual(['en', 'es']);
    await card.getByRole('button', { name: 'Spanish version of “Lockout of press 4”' }).click();
    await expectVisible(spanish.getByText('Members get the Spanish version'));
    await checkWidths(page, 'studio-script-spanish-ready', { dialog: true });
    await spanish.getByRole('button', { name: 'Cancel' }).click();

    // The Spanish version's captions in the editor: the lines Apertium drafted are marked (the spoken title, first); the
    // author corrects the title's line and saves, and that line is what the Spanish viewer reads below.
    await card.getByRole('button', { name: 'Edit captions: Lockout of press 4' }).click();
    const captions = page.getByRole('dialog', { name: 'Captions: Lockout of press 4' });
    await captions.getByRole('combobox', { name: 'Language of the captions' }).click();
    await page.getByRole('option', { name: 'Spanish (es) · narrated version' }).click();
    await expectVisible(captions.getByLabel('Line 1 is machine translation'));
    const corrected = 'Bloqueo y etiquetado de la prensa 4';
    await captions.getByRole('textbox', { name: 'Text of line 1' }).fill(corrected);
    await expect.poll(() => captions.getByLabel('Line 1 is machine translation').count()).toBe(0);
    await checkWidths(page, 'studio-script-spanish-captions', { dialog: true });
    await captions.getByRole('button', { name: 'Save captions' }).click();
    await expectVisible(toast(page, /^The captions are saved/));
    await expectHidden(captions);
    await dismissToasts(page);
    await member.reload();
    await member.getByRole('button', { name: 'Play Lockout of press 4' }).click();
    const narrated = member.getByRole('radiogroup', { name: 'Narrated in' });
    await expectVisible(narrated);
    await narrated.getByText('Spanish', { exact: true }).click();
    await playOwnLesson(member);
    const transcriptAgain = frame.getByRole('button', { name: 'Transcript' });
    if ((await transcriptAgain.getAttribute('aria-pressed')) !== 'true') await transcriptAgain.click();
    await expectVisible(frame.getByText('1. Pare la prensa en el punto muerto superior.').first());
    await expectVisible(frame.getByText(corrected).first());
    await checkWidths(member, 'studio-script-playing-spanish');

    // Edited and rendered again: published, so it says what changed, and the lesson gets revision 2.
    await card.getByRole('button', { name: 'Script: Lockout of press 4' }).click();
    const edit = page.getByRole('dialog', { name: 'Script of "Lockout of press 4"' });
    await expectVisible(edit);
    await expect.poll(() => edit.getByRole('textbox', { name: 'Step 3' }).inputValue()).toBe(STEPS[2]);
    await edit.getByRole('button', { name: 'Add a step' }).click();
    await edit.getByRole('textbox', { name: 'Step 4' }).fill('Hang your tag on the lock.');
    await edit.getByRole('textbox', { name: 'What changed' }).fill('Tag step added');
    await checkWidths(page, 'studio-script-edit-dialog', { dialog: true });
    await edit.getByRole('button', { name: 'Save and render' }).click();
    await expectHidden(edit);
    await expectVisible(card.getByText('Captions: 5 lines'), 180_000);
    await card.getByRole('button', { name: /Revisions/ }).click();
    await expectVisible(page.getByTestId('lesson-revisions').getByText('Tag step added'));
  });
});
