import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectHidden, expectVisible, newPage, signInThroughForm, toast, useStack, WIDTHS } from './harness.ts';
import { seriousAxeFindings } from './kit/axe.ts';

const SCREENSHOTS = process.env.STUDIO_SCREENSHOTS;
const APERTIUM = spawnSync('sh', ['-c', 'command -v apertium']).status === 0;

/** axe finds nothing critical or serious at 425, 768 and 1280 px; viewport screenshots (a dialog is what they show). */
async function checkWidths(page: Page, name: string): Promise<void> {
  // A dialog or a toast fading in would be read at part opacity.
  await page.waitForTimeout(600);
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    expect({ width, findings: await seriousAxeFindings(page) }).toEqual({ width, findings: [] });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

// Issues 37 and 40: an own lesson's captions in several languages. The author adds English captions, picks Spanish in
// the editor's language picker, drafts it by machine translation (Apertium), corrects a line and marks it reviewed;
// a member whose language is Spanish then sees the Spanish captions by default.
describe.skipIf(!APERTIUM)('studio caption tracks', () => {
  const env = useStack();

  it('adds a Spanish track drafted by machine translation and reviews it in the captions editor', { timeout: 300_000 }, async () => {
    const { stack, browser } = env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-tracks-e2e-'));
    const video = path.join(dir, 'saw.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video],
    ]);
    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/studio');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Studio' }));
    await page.getByRole('textbox', { name: 'Title' }).fill('Band saw guard');
    await page.getByRole('textbox', { name: 'Category' }).fill('Saws');
    await page.getByRole('button', { name: 'Create draft' }).click();
    const card = page.getByRole('article', { name: 'Band saw guard' });
    await expectVisible(card);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), card.getByRole('button', { name: 'Upload video' }).click()]);
    await chooser.setFiles(video);
    await expectVisible(card.getByText('Video ready'), 60_000);
    await card.getByRole('button', { name: 'Publish' }).click();
    await expectVisible(card.getByText('Published'), 30_000);

    const english = path.join(dir, 'saw.en.vtt');
    fs.writeFileSync(english, 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nLower the guard.\n\n00:00:01.000 --> 00:00:02.000\nStop the saw.\n');
    const [captionChooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Add captions (.vtt): Band saw guard' }).click(),
    ]);
    await captionChooser.setFiles(english);
    await expectVisible(card.getByText('Captions: 2 lines'));
    await dismissToasts(page);

    // The editor opens on the English track; the picker lists it, and Spanish as a language to add.
    await card.getByRole('button', { name: 'Edit captions: Band saw guard' }).click();
    const editor = page.getByRole('dialog', { name: 'Captions: Band saw guard' });
    await expectVisible(editor.getByRole('textbox', { name: 'Text of line 1' }));
    expect(await editor.getByRole('textbox', { name: 'Text of line 1' }).inputValue()).toBe('Lower the guard.');
    const picker = editor.getByRole('combobox', { name: 'Language of the captions' });
    await picker.click();
    await expectVisible(page.getByRole('option', { name: 'English (en)' }));
    await checkWidths(page, 'studio-tracks-picker');
    await page.getByRole('option', { name: 'Spanish (es) · new' }).click();
    await expectVisible(editor.getByText(/No Spanish \(es\) captions yet/));
    await editor.getByRole('button', { name: 'Draft from English (machine translation)' }).click();
    const mark = editor.getByTestId('machine-draft');
    await expectVisible(mark);
    await expectVisible(mark.getByText('Machine translation', { exact: true }));
    const drafted = await editor.getByRole('textbox', { name: 'Text of line 1' }).inputValue();
    expect(drafted).not.toBe('Lower the guard.');
    await dismissToasts(page);
    await checkWidths(page, 'studio-tracks-machine-draft');

    // The author corrects a line and marks the draft reviewed: it is the author's track from now on.
    await editor.getByRole('textbox', { name: 'Text of line 1' }).fill('Baje la guarda.');
    await editor.getByRole('button', { name: 'Save and mark reviewed' }).click();
    await expectVisible(toast(page, 'The captions are reviewed and saved: 2 lines.'));
    await expectHidden(editor);
    await dismissToasts(page);
    await card.getByRole('button', { name: 'Edit captions: Band saw guard' }).click();
    await expectVisible(editor.getByRole('textbox', { name: 'Text of line 1' }));
    expect(await editor.getByRole('textbox', { name: 'Text of line 1' }).inputValue()).toBe('Baje la guarda.');
    await expect.poll(() => editor.getByTestId('machine-draft').count()).toBe(0);
    await picker.click();
    await expectVisible(page.getByRole('option', { name: 'Spanish (es)', exact: true }));
    await page.keyboard.press('Escape');
    await checkWidths(page, 'studio-tracks-reviewed');
    await editor.getByRole('button', { name: 'Close' }).click();

    fs.rmSync(dir, { recursive: true, force: true });
  });
});
