import { SHARING_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { hashToken } from '../../lib/crypto.ts';
import { redactUrl } from '../../lib/redact.ts';
import { storeCaptionTrack } from '../captions/caption-files.ts';
import { replaceVideoCaptions } from '../captions/captions.queries.ts';
import { replaceVideoTitleTranslations } from '../captions/title-translations.queries.ts';
import { addMember } from '../organization/organization.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
let other: Awaited<ReturnType<typeof organizationWithMembers>>;
let videoId: number;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  videoId = catalog.videos.lockout as number;
  org = await organizationWithMembers(platform, 'Acme');
  other = await organizationWithMembers(platform, 'Other');
  const { id: assetId } = await platform.ctx.db.selectFrom('media_assets').select('id').executeTakeFirstOrThrow();
  await platform.ctx.db
    .insertInto('landing_content')
    .values({
      id: 1,
      banner_title: 'Learn from the best',
      banner_video_asset_id: assetId,
      section1_title: 'One',
      section1_description: 'First',
      section1_video_asset_id: assetId,
      section2_title: 'Two',
      section2_description: 'Second',
      section2_video_asset_id: assetId,
      section3_title: 'Three',
      section3_description: 'Third',
      section3_video_asset_id: assetId,
      updated_at: Date.now(),
    })
    .execute();
}, 60_000);
afterAll(() => platform.close());

const share = (token: string, body: Record<string, unknown>) =>
  platform.api('POST', '/api/videos/share', { token, json: { admin_video_id: videoId, ...body } });
const mailsTo = (email: string) =>
  platform.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', 'share').orderBy('id', 'desc').execute();
const linkIn = (text: string) => {
  const match = /\/watch\/([\w-]+)\/([\w-]+)/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return { uniqueId: match[1] as string, token: match[2] as string };
};

describe('GET /api/landing', () => {
  it('answers the landing content with signed media URLs, without signing in', async () => {
    const res = await platform.api('GET', '/api/landing');
    expect(res.status).toBe(200);
    expect(res.body.data.banner_title).toBe('Learn from the best');
    expect(res.body.data.section2_description).toBe('Second');
    expect(res.body.data.banner_video).toMatch(/^\/media\/\d+\/[\w-]+\/[0-9a-f]+\/master\.m3u8$/);
    const playlist = await fetch(`${platform.url}${res.body.data.section3_video}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
  });
});

describe('POST /api/videos/share', () => {
  it('shares by e-mail with an escaped personal message and a working link', async () => {
    const to = uniqueEmail('friend');
    const res = await share(org.member.token, { emails: JSON.stringify([to]), content: 'Watch <b>this</b> & learn', name: 'Mia' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SHARING_MESSAGES.shared);
    expect(res.body.data.recipients).toBe(1);
    const [mail] = await mailsTo(to);
    expect(mail?.html_body).toContain('Watch &lt;b&gt;this&lt;/b&gt; &amp; learn');
    expect(mail?.text_body).toContain(`${platform.url}/watch/`);
    const { uniqueId, token } = linkIn(mail?.text_body ?? '');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const row = await platform.ctx.db.selectFrom('shares').selectAll().where('unique_id', '=', uniqueId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.expires_at - row.created_at).toBe(7 * 86_400_000);

    const opened = await platform.api('GET', '/api/videos/share', { query: { video: uniqueId, token_video: token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data.title).toBe('Lockout');
    // It says who shared it, as the share record holds it: a first name and the organization, never an e-mail.
    expect(opened.body.data.shared_by).toEqual({ first_name: 'Mia', organization: 'Acme' });
    expect(JSON.stringify(opened.body)).not.toContain('@');
    const playlist = await fetch(`${platform.url}${opened.body.data.main_video}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');

    // The link stops working once expired.
    await platform.ctx.db
      .updateTable('shares')
      .set({ expires_at: Date.now() - 1000 })
      .where('unique_id', '=', uniqueId)
      .execute();
    const expired = await platform.api('GET', '/api/videos/share', { query: { video: uniqueId, token_video: token } });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ success: false, error_messages: SHARING_MESSAGES.linkExpired });
  });

  it("gives the link the video's captions, signed like its stream, and no other video's", async () => {
    const cues = [{ startMs: 0, endMs: 2000, text: 'Lock the energy source first.' }];
    const contentHash = await storeCaptionTrack(platform.ctx.storage, cues);
    await replaceVideoCaptions(platform.ctx.db, videoId, [{ lang: 'en', label: 'English', contentHash, cues }], Date.now());
    const otherHash = await storeCaptionTrack(platform.ctx.storage, [{ startMs: 0, endMs: 1000, text: 'Another video.' }]);
    await replaceVideoCaptions(
      platform.ctx.db,
      catalog.videos['confined-space'] as number,
      [{ lang: 'fr', label: 'Français', contentHash: otherHash, cues: [{ startMs: 0, endMs: 1000, text: 'Another video.' }] }],
      Date.now(),
    );
    const to = uniqueEmail('captions');
    await share(org.member.token, { emails: [to] });
    const [mail] = await mailsTo(to);
    const { uniqueId, token } = linkIn(mail?.text_body ?? '');

    const opened = await platform.api('GET', '/api/videos/share', { query: { video: uniqueId, token_video: token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data.captions).toEqual([
      { lang: 'en', label: 'English', url: expect.stringMatching(/^\/media\/\d+\/[\w-]+\/[0-9a-f]{64}\/captions\.vtt$/) },
    ]);
    const track = await fetch(`${platform.url}${opened.body.data.captions[0].url}`);
    expect(track.status).toBe(200);
    expect(track.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await track.text()).toContain('Lock the energy source first.');
    // The signature opens this track only: the same signature on the other video's track is refused.
    const forged = opened.body.data.captions[0].url.replace(contentHash, otherHash);
    expect((await fetch(`${platform.url}${forged}`)).status).toBe(403);
  });

  it('refuses unknown links and wrong tokens', async () => {
    const to = uniqueEmail('friend');
    await share(org.member.token, { emails: [to] });
    const [mail] = await mailsTo(to);
    const { uniqueId } = linkIn(mail?.text_body ?? '');
    const wrong = await platform.api('GET', '/api/videos/share', { query: { video: uniqueId, token_video: 'A'.repeat(43) } });
    expect(wrong.status).toBe(404);
    const unknown = await platform.api('GET', '/api/videos/share', { query: { video: 'nope', token_video: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_messages).toBe(SHARING_MESSAGES.linkUnknown);
  });

  it('lets a super user share with team members and with the whole organization', async () => {
    const teamMate = await addMember(platform.ctx, org.organizationId, {
      email: uniqueEmail('mate'),
      password: 'Correct-Horse-Battery-42',
      name: 'Tom',
      lastName: 'Mate',
      team: 'Quality',
      role: 'Inspector',
    });
    const team = await platform.ctx.db
      .selectFrom('teams')
      .select('id')
      .where('organization_id', '=', org.organizationId)
      .where('name', '=', 'Quality')
      .executeTakeFirstOrThrow();
    const byTeam = await share(org.superUser.token, { team_id: team.id, team_members: JSON.stringify([teamMate]) });
    expect(byTeam.status).toBe(200);
    expect(byTeam.body.data.recipients).toBe(1);
    const mate = await platform.ctx.db.selectFrom('users').select('email').where('id', '=', teamMate).executeTakeFirstOrThrow();
    expect((await mailsTo(mate.email ?? '')).length).toBe(1);

    const before = await platform.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const all = await share(org.superUser.token, { send_to_all_organization_users: 1 });
    expect(all.status).toBe(200);
    // Everyone but the sender: the member and the team mate.
    expect(all.body.data.recipients).toBe(2);
    const after = await platform.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    expect((await mailsTo(org.member.email)).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses what the spec refuses', async () => {
    // An ordinary member cannot share with a team or the organization.
    expect((await share(org.member.token, { team_members: [org.superUser.id] })).status).toBe(403);
    expect((await share(org.member.token, { send_to_all_organization_users: true })).status).toBe(403);
    // A super user cannot reach another organization's team or members.
    const foreignTeam = await platform.ctx.db.selectFrom('teams').select('id').where('organization_id', '=', other.organizationId).executeTakeFirstOrThrow();
    expect((await share(org.superUser.token, { team_id: foreignTeam.id })).status).toBe(404);
    expect((await share(org.superUser.token, { team_members: [other.member.id] })).status).toBe(404);
    expect((await share(org.superUser.token, { organization_id: other.organizationId, send_to_all_organization_users: 1 })).status).toBe(403);
    // No recipient.
    const none = await share(org.member.token, { emails: '[]' });
    expect(none.status).toBe(400);
    expect(none.body.error_messages).toBe(SHARING_MESSAGES.noRecipient);
    // Too many addresses.
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
    expect((await share(org.member.token, { emails: many })).status).toBe(400);
    // The guest never shares.
    const guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
    expect((await share(guest, { emails: [uniqueEmail('x')] })).status).toBe(403);
    // No plan.
    await platform.ctx.db.deleteFrom('subscriptions').where('organization_id', '=', other.organizationId).execute();
    const noPlan = await share(other.member.token, { emails: [uniqueEmail('x')] });
    expect(noPlan.status).toBe(403);
    expect(noPlan.body).toMatchObject({ error_messages: SHARING_MESSAGES.noPlan, code: 'no_plan' });
  });

  it('answers the public heading text and keeps tokens out of logs', async () => {
    const res = await platform.api('GET', '/api/get_text_sharing_video');
    expect(res.body.data.text).toBe(SHARING_MESSAGES.sharingText);
    expect(redactUrl('/watch/abc/SECRET?x=1')).toBe('/watch/abc/[redacted]?x=1');
    expect(redactUrl('/api/videos/share?video=abc&token_video=SECRET')).not.toContain('SECRET');
  });
});

// Last: its Spanish member would count in the team and organization shares above.
describe('a shared video in Spanish', () => {
  it('shows the video\u2019s Spanish title in a Spanish sender\u2019s e-mail and to a visitor whose browser asks for Spanish', async () => {
    await replaceVideoTitleTranslations(
      platform.ctx.db,
      videoId,
      [{ locale: 'es', title: 'Bloqueo y etiquetado', description: 'Los seis pasos del aislamiento.' }],
      Date.now(),
    );
    const email = uniqueEmail('hablante');
    await addMember(platform.ctx, org.organizationId, {
      email,
      password: 'Correct-Horse-Battery-42',
      name: 'Lucía',
      lastName: 'Ruiz',
      team: 'Quality',
      role: 'Inspector',
    });
    const spanish = await signIn(platform, email, 'Correct-Horse-Battery-42');
    expect((await platform.api('POST', '/api/set_locale', { token: spanish, json: { locale: 'es' } })).status).toBe(200);
    const to = uniqueEmail('amigo');
    expect((await share(spanish, { emails: [to] })).status).toBe(200);
    const [mail] = await mailsTo(to);
    expect(mail?.subject).toContain('Bloqueo y etiquetado');
    expect(mail?.text_body).toContain('Bloqueo y etiquetado');
    const { uniqueId, token } = linkIn(mail?.text_body ?? '');
    const open = (headers: Record<string, string>) => platform.api('GET', '/api/videos/share', { query: { video: uniqueId, token_video: token }, headers });
    expect((await open({ 'accept-language': 'es-ES,es;q=0.9' })).body.data).toMatchObject({
      title: 'Bloqueo y etiquetado',
      description: 'Los seis pasos del aislamiento.',
    });
    const english = (await open({})).body.data;
    expect(english.title).toBe('Lockout');
    expect(english).not.toHaveProperty('title_machine');
    await replaceVideoTitleTranslations(platform.ctx.db, videoId, [], Date.now());
  });
});
