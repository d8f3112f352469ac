import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { ATTENDEE_NOT_FOUND } from './toolbox.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const talk = (videoId: number, attendeeIds: number[]) => ({
  video_id: videoId,
  attendee_ids: attendeeIds,
  question: 'What do you check before you reach into the press?',
  answer: 'That it is locked out and tagged, and the stored energy is released.',
});

describe('toolbox talks', () => {
  it('records three attendees, credits the clip in full to each, and prints the attendance sheet', async () => {
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
    expect(setup.body.data.crew.map((p: { user_id: number }) => p.user_id).sort()).toEqual([org.superUser.id, org.member.id, third].sort());

    const recorded = await platform.api('POST', '/api/toolbox/talks', {
      token: org.superUser.token,
      json: talk(videoId, [org.member.id, third, org.superUser.id]),
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ video_id: videoId, leader: 'Sam Super', video_revision: 1 });
    expect(recorded.body.data.attendees).toHaveLength(3);
    expect(recorded.body.data.attendees.every((a: { credited: boolean }) => a.credited)).toBe(true);

    // Each attendee has the clip watched, as if they had played it through.
    const watched = await platform.ctx.db.selectFrom('video_watch').select(['user_id', 'watched_at']).where('video_id', '=', videoId).execute();
    expect(
      watched
        .filter((w) => w.watched_at !== null)
        .map((w) => w.user_id)
        .sort(),
    ).toEqual([org.member.id, third, org.superUser.id].sort());

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
    expect(csv).toContain('attended a toolbox talk on ""Lockout"" (revision 1) led by Mia Member; crew answer: ""That it is locked out and tagged');
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
});
