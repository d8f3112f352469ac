import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  expectHidden,
  expectVisible,
  newPage,
  REPO_ROOT,
  screenshotAtWidths,
  seriousAxeFindings,
  signInThroughForm,
  useStack,
  WIDTHS,
} from './harness.ts';
import { LOCKOUT_QUESTIONS, videoWithoutCheck } from './kit/check-questions.ts';

const SCREENSHOTS = process.env.ASSESSMENT_SCREENSHOTS;

// Issue 38, offline: a member opens a check on a phone while online, the network goes, they answer and submit; the
// page says the answers wait on the device (no result before the server scores them), and once the network is back
// the offline queue delivers them, the server scores them once and the page shows the result.
describe('knowledge check offline', () => {
  const env = useStack();

  it('a member on a 425 px phone answers a check offline, submits, sees it wait, and sees the result once the network returns', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const superToken = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const videoId = await videoWithoutCheck(stack, token, superToken);
    expect(videoId).toBeGreaterThan(0);
    // A pick-the-picture question second: its pictures are first shown once the network is gone.
    const images: string[] = [];
    for (const file of ['icon-192.png', 'icon-512.png', 'icon-192.png']) {
      const form = new FormData();
      form.append('image', new Blob([fs.readFileSync(path.join(REPO_ROOT, 'web/public/icons', file))], { type: 'image/png' }), file);
      const uploaded = await fetch(`${stack.baseUrl}/api/assessments/images`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${superToken}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      images.push(((await uploaded.json()) as { data: { image_url: string } }).data.image_url);
    }
    const picture = {
      kind: 'picture',
      prompt: 'Which is the app icon?',
      options: ['The small icon', 'The large icon', 'The small icon again'],
      images,
      correct: [0],
      explanation: 'The first one.',
    };
    for (const q of [LOCKOUT_QUESTIONS[0], picture, ...LOCKOUT_QUESTIONS.slice(1)]) {
      expect((await stack.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: superToken, json: q })).status).toBe(201);
    }
    const saved = await stack.api('PUT', `/api/assessments/videos/${videoId}/check`, {
      token: superToken,
      json: { question_count: 4, shuffle: false, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 60, time_limit_seconds: null },
    });
    expect(saved.status).toBe(200);
    const memberCheck = async () => (await stack.api('GET', `/api/assessments/videos/${videoId}/check`, { token })).body.data.check;

    // Online: the member opens the check and starts it.
    const phone = await newPage(browser, stack, WIDTHS.mobile);
    const submissions: string[] = [];
    phone.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/submit')) submissions.push(request.postData() ?? '');
    });
    await signInThroughForm(phone, DEMO.member.email, DEMO.member.password);
    await phone.goto(`/video/${videoId}/check`);
    await expectVisible(phone.getByRole('heading', { level: 1, name: 'Knowledge check' }));
    await phone.getByRole('button', { name: 'Start the check' }).click();
    await expectVisible(phone.getByText('Question 1 of 4'));

    // The network goes: the page says answering goes on, and the member answers every question.
    await phone.context().setOffline(true);
    await expectVisible(phone.getByText('You are offline. You can keep answering: your answers will be scored when the connection returns.'));
    await phone.getByText('The person who placed it', { exact: true }).click();
    await phone.getByRole('button', { name: 'Next question' }).click();
    await expectVisible(phone.getByText('Question 2 of 4'));
    // Its pictures show without a network (fetched when the attempt started).
    await phone.waitForFunction(() => {
      const shown = [...document.querySelectorAll<HTMLImageElement>('img[alt^="The "]')];
      return shown.length === 3 && shown.every((img) => img.complete && img.naturalWidth > 0);
    });
    await phone.getByText('Picture 1', { exact: true }).click();
    await phone.getByRole('button', { name: 'Next question' }).click();
    await expectVisible(phone.getByText('Question 3 of 4'));
    await phone.getByText('Springs', { exact: true }).click();
    await phone.getByText('Hydraulic lines', { exact: true }).click();
    await phone.getByRole('button', { name: 'Next question' }).click();
    await expectVisible(phone.getByText('Question 4 of 4'));
    await phone.getByText('False', { exact: true }).click();
    await phone.getByRole('button', { name: 'Submit answers' }).click();

    // Submitted offline: kept on the device, no result, nothing counted on the server yet.
    await expectVisible(phone.getByRole('heading', { level: 2, name: 'Your answers are saved on this device' }));
    await expectVisible(phone.getByText('They will be sent and scored when the connection returns', { exact: false }));
    await expectVisible(phone.getByTestId('offline-banner').getByText(/1 change .* will be sent when the network returns/));
    expect(await phone.getByRole('heading', { name: /^(Passed|Not passed yet)/ }).count()).toBe(0);
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Your answers are saved on this device');
    expect(await memberCheck()).toMatchObject({ attempts_used: 1, passed: false, best_percent: null });
    expect((await memberCheck()).open_attempt_id).not.toBeNull();
    expect(submissions).toHaveLength(0);
    expect(await seriousAxeFindings(phone)).toEqual([]);
    await screenshotAtWidths(phone, SCREENSHOTS, 'check-offline-queued', WIDTHS.mobile);

    // The network returns: the queue delivers the answers, the server scores them once, the page shows the result.
    await phone.context().setOffline(false);
    await expectVisible(phone.getByRole('heading', { name: 'Passed: 100%' }), 20_000);
    await expectVisible(phone.getByText(LOCKOUT_QUESTIONS[2].explanation));
    await expectHidden(phone.getByTestId('offline-banner'));
    expect(await seriousAxeFindings(phone)).toEqual([]);
    await screenshotAtWidths(phone, SCREENSHOTS, 'check-offline-scored', WIDTHS.mobile);
    // The queue's delivery and the page's question for the result went under one request id: one attempt counted.
    expect(submissions.length).toBeGreaterThanOrEqual(2);
    const requestIds = new Set(submissions.map((s) => JSON.parse(s).request_id));
    expect(requestIds.size).toBe(1);
    expect(await memberCheck()).toMatchObject({ attempts_used: 1, passed: true, best_percent: 100, open_attempt_id: null });
    const db = new Database(path.join(stack.dataDir, 'platform.sqlite'), { readonly: true });
    const rows = db
      .prepare('SELECT a.request_id, a.score_percent FROM assessment_attempts a JOIN assessment_checks c ON c.id = a.check_id WHERE c.video_id = ?')
      .all(videoId);
    db.close();
    expect(rows).toEqual([{ request_id: [...requestIds][0], score_percent: 100 }]);
  }, 180_000);
});
