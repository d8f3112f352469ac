import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { replaceVideoTitleTranslations } from '../captions/title-translations.queries.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { ATTENDEE_NOT_FOUND, LEADER_NOT_ATTENDEE } from './toolbox.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

/** A talk; `played_seconds` is how far the leader's screen played the clip (beyond any clip's length: played through). */
const talk = (videoId: number, attendeeIds: number[], playedSeconds = 86_400) => ({
  video_id: videoId,
  attendee_ids: attendeeIds,
  question: 'What do you check before you reach into the press?',
  answer: 'That it is locked out and tagged, and the stored energy is released.',
  played_seconds: playedSeconds,
});

const watchedBy = async (videoId: number, userIds: number[]) =>
  (await platform.ctx.db.selectFrom('video_watch').select(['user_id', 'watched_at']).where('video_id', '=', videoId).where('user_id', 'in', userIds).execute())
    .filter((w) => w.watched_at !== null)
    .map((w) => w.user_id)
    .sort();

describe('toolbox talks', () => {
  it('refuses the leader as an attendee, records the others, credits the clip played through to each, and prints the attendance sheet', async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Org');
    await openWholeCatalog(platform, org.organizationId);
    const third = await addMember(platform.ctx, org.organizationId, {
      email: uniqueEmail('ana'),
      password: STRONG_PASSWORD,
      name: 'Ana',
      lastName: 'Crew',
      team: 'Assembly',
    });
    const videoId = catalog.videos.lockout as number;

    const setup = await platform.api('GET', '/api/toolbox/setup', { token: org.superUser.token });
    expect(setup.status).toBe(200);
    expect(setup.body.data.clips.map((c: { id: number }) => c.id)).toContain(videoId);
    // The leader is not offered on their own talk's attendance.
    expect(setup.body.data.crew.map((p: { user_id: number }) => p.user_id).sort()).toEqual([org.member.id, third].sort());

    // The leader cannot credit themself by being on the attendance.
    const self = await platform.api('POST', '/api/toolbox/talks', {
      token: org.superUser.token,
      json: talk(videoId, [org.member.id, third, org.superUser.id]),
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, error_messages: LEADER_NOT_ATTENDEE });
    expect(await platform.ctx.db.selectFrom('toolbox_talks').select('id').where('organization_id', '=', org.organizationId).execute()).toEqual([]);
    expect(await watchedBy(videoId, [org.superUser.id, org.member.id, third])).toEqual([]);

    const recorded = await platform.api('POST', '/api/toolbox/talks', { token: org.superUser.token, json: talk(videoId, [org.member.id, third]) });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ video_id: videoId, leader: 'Sam Super', video_revision: 1, clip_watched: true });
    expect(recorded.body.data.played_seconds).toBe(recorded.body.data.clip_seconds);
    expect(recorded.body.data.attendees).toHaveLength(2);
    expect(recorded.body.data.attendees.every((a: { credited: boolean }) => a.credited)).toBe(true);

    // The clip played through: each attendee has it watched; the leader does not.
    expect(await watchedBy(videoId, [org.superUser.id, org.member.id, third])).toEqual([org.member.id, third].sort());

    const pdf = await fetch(`${platform.url}/api/toolbox/talks/${recorded.body.data.id}/pdf`, { headers: { authorization: `Bearer ${org.superUser.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    for (const expected of ['TOOLBOX TALK ATTENDANCE', 'Mia Member', 'Ana Crew', 'Sam Super', 'locked out and tagged']) expect(text).toContain(expected);

    const listed = await platform.api('GET', '/api/toolbox/talks', { token: org.superUser.token });
    expect(listed.body.data.talks[0].id).toBe(recorded.body.data.id);
  });

  it("refuses members, another organization's people and another organization's talks", async () => {
    const a = await organizationWithMembers(platform, 'Toolbox Victim');
    const b = await organizationWithMembers(platform, 'Toolbox Attacker');
    await openWholeCatalog(platform, a.organizationId);
    const videoId = catalog.videos.lockout as number;
    expect((await platform.api('GET', '/api/toolbox/setup', { token: a.member.token })).status).toBe(403);
    expect((await platform.api('POST', '/api/toolbox/talks', { token: a.member.token, json: talk(videoId, [a.member.id]) })).status).toBe(403);

    const foreign = await platform.api('POST', '/api/toolbox/talks', { token: b.superUser.token, json: talk(videoId, [b.member.id, a.member.id]) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error_messages).toBe(ATTENDEE_NOT_FOUND);
    expect(await platform.ctx.db.selectFrom('toolbox_talks').select('id').where('organization_id', '=', b.organizationId).execute()).toEqual([]);

    const own = await platform.api('POST', '/api/toolbox/talks', { token: a.superUser.token, json: talk(videoId, [a.member.id]) });
    const sheet = await fetch(`${platform.url}/api/toolbox/talks/${own.body.data.id}/pdf`, { headers: { authorization: `Bearer ${b.superUser.token}` } });
    expect(sheet.status).toBe(404);
    // Another organization's team is not a choice: the setup falls back to the caller's own teams.
    const aTeam = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', a.member.id).executeTakeFirstOrThrow()).team_id;
    const setup = await platform.api('GET', '/api/toolbox/setup', { token: b.superUser.token, query: { team_id: String(aTeam) } });
    expect(setup.body.data.crew.map((p: { user_id: number }) => p.user_id)).not.toContain(a.member.id);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Input');
    const videoId = catalog.videos.lockout as number;
    for (const body of [
      { ...talk(videoId, []) },
      { ...talk(videoId, [org.member.id, org.member.id]) },
      { ...talk(videoId, [org.member.id]), answer: '  ' },
      { ...talk(999_999, [org.member.id]) },
      { ...talk(catalog.videos.draft as number, [org.member.id]) },
    ]) {
      const res = await platform.api('POST', '/api/toolbox/talks', { token: org.superUser.token, json: body });
      expect([400, 404]).toContain(res.status);
      expect(res.body.success).toBe(false);
    }
    expect(await platform.ctx.db.selectFrom('toolbox_talks').select('id').where('organization_id', '=', org.organizationId).execute()).toEqual([]);
  });

  it('records attendance without credit when the organization cannot play (subscription ended)', async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Closed');
    await platform.ctx.db.updateTable('subscriptions').set({ status: 'expired' }).where('organization_id', '=', org.organizationId).execute();
    const videoId = catalog.videos.lockout as number;
    const res = await platform.api('POST', '/api/toolbox/talks', { token: org.superUser.token, json: talk(videoId, [org.member.id]) });
    expect(res.status).toBe(201);
    expect(res.body.data.attendees).toEqual([{ user_id: org.member.id, name: 'Mia Member', credited: false }]);
  });

  it("an unplayed clip credits no watch: a trainer of another station cannot move a colleague's required training, and the evidence says attendance only", async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Unplayed');
    await openWholeCatalog(platform, org.organizationId);
    const videoId = catalog.videos.lockout as number;
    const base = `/api/organization/${org.organizationId}`;
    const colleague = await addMember(platform.ctx, org.organizationId, {
      email: uniqueEmail('colleague'),
      password: STRONG_PASSWORD,
      name: 'Cora',
      lastName: 'Colleague',
      team: 'Assembly',
    });
    // The member trains at a press; the colleague has required training that the clip alone completes.
    await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: { name: 'Press 2', requirements: [{ kind: 'video', id: videoId }], checklist: ['Guards closed'], trainer_ids: [org.member.id] },
    });
    const course = await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: { kind: 'training', name: 'Lockout induction', requirements: [{ kind: 'video', id: videoId }], validity_months: 12 },
    });
    expect(course.status).toBe(201);
    await platform.api('POST', `${base}/stations/${course.body.data.id}/assignments`, { token: org.superUser.token, json: { user_ids: [colleague] } });
    const standing = async () =>
      (await platform.api('GET', `${base}/qualifications`, { token: org.superUser.token, query: { user_id: String(colleague) } })).body.data.stations.find(
        (s: { station_id: number }) => s.station_id === course.body.data.id,
      ).state;
    expect(await standing()).toBe('not_started');

    // The trainer records a talk whose clip (2 s) played 1.7 s, short of the 90% watched threshold: attendance, no watch, no qualification.
    const recorded = await platform.api('POST', '/api/toolbox/talks', { token: org.member.token, json: talk(videoId, [colleague], 1.7) });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ played_seconds: 1, clip_seconds: 2, clip_watched: false, attendees: [{ user_id: colleague, credited: false }] });
    expect(await watchedBy(videoId, [colleague])).toEqual([]);
    expect(await standing()).toBe('not_started');
    // A screen that reports nothing played credits nothing.
    const silent = await platform.api('POST', '/api/toolbox/talks', {
      token: org.member.token,
      json: { ...talk(videoId, [colleague]), played_seconds: undefined },
    });
    expect(silent.body.data.clip_watched).toBe(false);
    expect(await standing()).toBe('not_started');

    const pack = await fetch(`${platform.url}${base}/audit-pack?format=csv&user_id=${colleague}`, {
      headers: { authorization: `Bearer ${org.superUser.token}` },
    });
    const csv = await pack.text();
    expect(csv).toContain('clip played 1 of 2 s');
    expect(csv).toContain('attendance only, not counted as watching the clip');
    expect(csv).not.toContain('video_completed');
    expect((await platform.api('GET', `${base}/audit-pack/verify`, { token: org.superUser.token })).body.data.intact).toBe(true);
  });

  it("lets a station trainer lead a talk, and puts each attendee's attendance in the audit evidence", async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Trainer Org');
    await openWholeCatalog(platform, org.organizationId);
    const videoId = catalog.videos.lockout as number;
    const crew = await addMember(platform.ctx, org.organizationId, {
      email: uniqueEmail('crew'),
      password: STRONG_PASSWORD,
      name: 'Carl',
      lastName: 'Crew',
      team: 'Assembly',
    });
    // Before being named a trainer, the member may not lead a talk.
    expect((await platform.api('GET', '/api/toolbox/setup', { token: org.member.token })).status).toBe(403);
    const station = await platform.api('POST', `/api/organization/${org.organizationId}/stations`, {
      token: org.superUser.token,
      json: { name: 'Press 2', requirements: [{ kind: 'video', id: videoId }], checklist: ['Guards closed'], trainer_ids: [org.member.id] },
    });
    expect(station.status).toBe(201);

    expect((await platform.api('GET', '/api/toolbox/setup', { token: org.member.token })).status).toBe(200);
    const recorded = await platform.api('POST', '/api/toolbox/talks', { token: org.member.token, json: talk(videoId, [crew]) });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data.leader).toBe('Mia Member');

    const pack = await fetch(`${platform.url}/api/organization/${org.organizationId}/audit-pack?format=csv&user_id=${crew}`, {
      headers: { authorization: `Bearer ${org.superUser.token}` },
    });
    const csv = await pack.text();
    expect(csv).toContain('toolbox_talk');
    // (CSV doubles the quotes.)
    expect(csv).toContain('attended a toolbox talk on ""Lockout"" (revision 1) led by Mia Member, clip played');
    expect(csv).toContain(': counted as watching the clip; crew answer: ""That it is locked out and tagged');
    const verify = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack/verify`, { token: org.superUser.token });
    expect(verify.body.data.intact).toBe(true);
  });

  it("prints badges whose code names the person to the talk's leader, and refuses made-up codes and other organizations", async () => {
    const org = await organizationWithMembers(platform, 'Badge Org');
    const choices = (await platform.api('GET', '/api/shopfloor/qr-codes', { token: org.superUser.token })).body.data;
    const assembly = choices.teams.find((t: { name: string }) => t.name === 'Assembly');
    const sheet = await fetch(`${platform.url}/api/shopfloor/badges.pdf?team_id=${assembly.id}`, {
      headers: { authorization: `Bearer ${org.superUser.token}` },
    });
    expect(sheet.status).toBe(200);
    const pdf = Buffer.from(await sheet.arrayBuffer()).toString('latin1');
    expect(pdf).toContain('(Mia Member)');
    const code = new RegExp(`\\((MMB1-${org.member.id}-[A-Za-z0-9_-]{16})\\)`).exec(pdf)?.[1];
    expect(code).toBeDefined();

    const lookup = (token: string, scanned: string) => platform.api('GET', `/api/toolbox/badge?code=${encodeURIComponent(scanned)}`, { token });
    const found = await lookup(org.superUser.token, `${code}\n`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ user_id: org.member.id, name: 'Mia', last_name: 'Member' });
    // The leader scanning their own badge is told they cannot attend their own talk.
    const everyone = await fetch(`${platform.url}/api/shopfloor/badges.pdf`, { headers: { authorization: `Bearer ${org.superUser.token}` } });
    const ownCode = new RegExp(`\\((MMB1-${org.superUser.id}-[A-Za-z0-9_-]{16})\\)`).exec(Buffer.from(await everyone.arrayBuffer()).toString('latin1'))?.[1];
    expect(ownCode).toBeDefined();
    const self = await lookup(org.superUser.token, ownCode!);
    expect(self.status).toBe(400);
    expect(self.body.error_messages).toBe(LEADER_NOT_ATTENDEE);
    // A forged signature, another person's id with this signature, and another organization's leader: not recognised.
    const forged = `MMB1-${org.member.id}-${'A'.repeat(16)}`;
    expect((await lookup(org.superUser.token, forged)).status).toBe(404);
    expect((await lookup(org.superUser.token, code!.replace(`-${org.member.id}-`, `-${org.superUser.id}-`))).status).toBe(404);
    const other = await organizationWithMembers(platform, 'Badge Other Org');
    expect((await lookup(other.superUser.token, code!)).status).toBe(404);
    // Plain members neither print badges nor look them up.
    expect((await lookup(org.member.token, code!)).status).toBe(403);
    expect((await fetch(`${platform.url}/api/shopfloor/badges.pdf`, { headers: { authorization: `Bearer ${org.member.token}` } })).status).toBe(403);
  });

  it('shows a Spanish leader the clips and the talks in Spanish where a lesson has a Spanish title, and the evidence as recorded', async () => {
    const org = await organizationWithMembers(platform, 'Toolbox Hablantes');
    await openWholeCatalog(platform, org.organizationId);
    const videoId = catalog.videos.lockout as number;
    await replaceVideoTitleTranslations(platform.ctx.db, videoId, [{ locale: 'es', title: 'Bloqueo y etiquetado', description: '' }], Date.now());
    // Every instance keeps the titles under the catalog version: a catalog import renews it, as this does.
    await renewCatalogVersion(platform.ctx.db);
    try {
      const english = await platform.api('GET', '/api/toolbox/setup', { token: org.superUser.token });
      expect(english.body.data.clips.find((c: { id: number }) => c.id === videoId)?.title).toBe('Lockout');
      expect((await platform.api('POST', '/api/set_locale', { token: org.superUser.token, json: { locale: 'es' } })).status).toBe(200);
      const setup = await platform.api('GET', '/api/toolbox/setup', { token: org.superUser.token });
      const titles = setup.body.data.clips.map((c: { title: string }) => c.title);
      expect(titles).toContain('Bloqueo y etiquetado');
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
      const recorded = await platform.api('POST', '/api/toolbox/talks', { token: org.superUser.token, json: talk(videoId, [org.member.id]) });
      expect(recorded.body.data.video_title).toBe('Bloqueo y etiquetado');
      const listed = await platform.api('GET', '/api/toolbox/talks', { token: org.superUser.token });
      expect(listed.body.data.talks[0].video_title).toBe('Bloqueo y etiquetado');
      // The audit evidence keeps the title the catalog had when the talk was held.
      const evidence = await platform.ctx.db.selectFrom('evidence_records').select('detail').where('organization_id', '=', org.organizationId).execute();
      expect(JSON.stringify(evidence)).toContain('Lockout');
      expect(JSON.stringify(evidence)).not.toContain('Bloqueo');
    } finally {
      await replaceVideoTitleTranslations(platform.ctx.db, videoId, [], Date.now());
      await renewCatalogVersion(platform.ctx.db);
    }
  });
});
