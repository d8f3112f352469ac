import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { storeCaptionTrack } from '../captions/caption-files.ts';
import { replaceVideoCaptions } from '../captions/captions.queries.ts';
import { NO_CAPTIONS } from './assessments.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const CUES = [
  'Lockout protects you from stored energy.',
  'Every machine holds energy in springs, hydraulic lines and capacitors.',
  'A lockout starts with the energy sources.',
  'First, tell everyone in the area about the lockout.',
  'Then, switch the machine off at its controls.',
  'Next, isolate every energy source.',
  'Finally, place your own lock and tag on each isolation point.',
  'Test the machine: stored energy must be zero before you work.',
].map((text, i) => ({ startMs: i * 3000, endMs: i * 3000 + 2500, text }));

async function caption(videoId: number) {
  const contentHash = await storeCaptionTrack(platform.ctx.storage, CUES);
  await replaceVideoCaptions(platform.ctx.db, videoId, [{ lang: 'en', label: 'English', contentHash, cues: CUES }], Date.now());
}

type Bank = { id: number; prompt: string; draft: boolean; options: string[]; correct: number[] };

describe('questions drafted from the transcript', () => {
  it('are drafts an author approves before any attempt draws them; drafting again adds nothing', async () => {
    const lockout = catalog.videos.lockout as number;
    await caption(lockout);
    const org = await organizationWithMembers(platform, 'Draft Questions Org');
    const as = (token: string) => ({
      post: (path: string, json?: unknown) => platform.api('POST', path, { token, json }),
      get: (path: string) => platform.api('GET', path, { token }),
    });
    const author = as(org.superUser.token);
    const member = as(org.member.token);

    const drafted = await author.post(`/api/assessments/videos/${lockout}/drafts`);
    expect(drafted.status).toBe(201);
    const drafts: Bank[] = drafted.body.data.drafted;
    expect(drafts.length).toBeGreaterThanOrEqual(4);
    expect(drafts.every((q) => q.draft)).toBe(true);
    expect(drafts.some((q) => q.prompt.includes('_____'))).toBe(true);
    expect(drafts.some((q) => q.prompt === 'Which step comes next after "Tell everyone in the area about the lockout"?')).toBe(true);
    const bank = (await author.get(`/api/assessments/videos/${lockout}/bank`)).body.data;
    expect(bank.questions.map((q: Bank) => q.id)).toEqual(drafts.map((q) => q.id));
    // Drafting again adds only what the bank does not hold yet: nothing.
    expect((await author.post(`/api/assessments/videos/${lockout}/drafts`)).body.data.drafted).toEqual([]);

    // A check on the video, and one at the end of its category: with only drafts in the bank there is nothing to draw.
    const settings = { question_count: 10, shuffle: false, pass_percent: 50, attempts_allowed: 5, cooldown_seconds: 0 };
    expect((await platform.api('PUT', `/api/assessments/videos/${lockout}/check`, { token: org.superUser.token, json: settings })).status).toBe(200);
    const safety = catalog.categories.safety as number;
    expect((await platform.api('PUT', `/api/assessments/categories/${safety}/check`, { token: org.superUser.token, json: settings })).status).toBe(200);
    expect((await member.post(`/api/assessments/videos/${lockout}/attempts`)).status).toBe(409);
    expect((await member.post(`/api/assessments/categories/${safety}/attempts`)).status).toBe(409);

    // Approved, a draft is drawn, and only it.
    const chosen = drafts[0] as Bank;
    const approved = await author.post(`/api/assessments/questions/${chosen.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: chosen.id, draft: false });
    expect((await author.post(`/api/assessments/questions/${chosen.id}/approve`)).status).toBe(409);
    const started = await member.post(`/api/assessments/videos/${lockout}/attempts`);
    expect(started.status).toBe(201);
    expect(started.body.data.questions.map((q: { id: number }) => q.id)).toEqual([chosen.id]);
    const category = await member.post(`/api/assessments/categories/${safety}/attempts`);
    expect(category.body.data.questions.map((q: { id: number }) => q.id)).toEqual([chosen.id]);
    // A draft the author does not want is removed like any question.
    expect((await platform.api('DELETE', `/api/assessments/questions/${(drafts[1] as Bank).id}`, { token: org.superUser.token })).status).toBe(200);
  });

  it('is for authors of their own organization, from a video with captions', async () => {
    const org = await organizationWithMembers(platform, 'Draft Questions Guard');
    const stranger = await organizationWithMembers(platform, 'Draft Questions Stranger');
    const lockout = catalog.videos.lockout as number;
    await caption(lockout);
    const post = (token: string, path: string) => platform.api('POST', path, { token });
    expect((await post(org.member.token, `/api/assessments/videos/${lockout}/drafts`)).status).toBe(403);
    // A video without captions has nothing to draft from.
    const silent = await post(org.superUser.token, `/api/assessments/videos/${catalog.videos.ppe}/drafts`);
    expect(silent.status).toBe(409);
    expect(silent.body.error_messages).toBe(NO_CAPTIONS);
    expect((await post(org.superUser.token, '/api/assessments/videos/999999/drafts')).status).toBe(404);
    // Another organization's draft is out of reach: not approved, not listed.
    const drafted = (await post(org.superUser.token, `/api/assessments/videos/${lockout}/drafts`)).body.data.drafted as Bank[];
    expect((await post(stranger.superUser.token, `/api/assessments/questions/${(drafted[0] as Bank).id}/approve`)).status).toBe(404);
    expect((await post(org.member.token, `/api/assessments/questions/${(drafted[0] as Bank).id}/approve`)).status).toBe(403);
    const theirs = await platform.api('GET', `/api/assessments/videos/${lockout}/bank`, { token: stranger.superUser.token });
    expect(theirs.body.data.questions).toEqual([]);
  });
});
