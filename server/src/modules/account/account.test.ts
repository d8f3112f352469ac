import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
});
afterAll(() => platform.close());

const info = { name: 'Mia', lastName: 'Member', team: 'Assembly', role: 'Operator', mobile: '+351 912 345 678', bio: 'Lathe specialist' };

describe('profile', () => {
  it('answers the profile of the caller with the trial as plan title', async () => {
    const res = await platform.api('POST', '/api/profile', { token: acme.member.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: acme.member.id,
      email: acme.member.email,
      is_super_user: 0,
      subscription_title: 'Free trial',
      organization_name: 'Acme',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2|token_hash/);
  });

  it('sub_profiles lists the account itself', async () => {
    const res = await platform.api('POST', '/api/sub_profiles', { token: acme.member.token });
    expect(res.body.data).toEqual({ sub_profiles: [{ id: acme.member.id, name: 'Mia', picture: null }], is_new_sub_profile_allowed: 0 });
  });
});

describe('POST /api/updateProfile', () => {
  it('changes name and e-mail, keeping e-mails unique', async () => {
    const { member } = await organizationWithMembers(platform);
    const taken = await platform.api('POST', '/api/updateProfile', { token: member.token, json: { name: 'Mia M', email: acme.superUser.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error_messages).toBe('The email has already been taken.');
    const email = uniqueEmail('renamed');
    const ok = await platform.api('POST', '/api/updateProfile', { token: member.token, form: { name: 'Mia M', email } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Profile updated successfully.');
    expect((await platform.api('GET', '/api/profile', { token: member.token })).body.data).toMatchObject({ name: 'Mia M', email });
  });

  it('refuses bad input field by field', async () => {
    const res = await platform.api('POST', '/api/updateProfile', { token: acme.member.token, json: { name: 'M', email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.error_messages).toContain('name: The name must be at least 2 characters');
    expect(res.body.error_messages).toContain('email: Please enter a valid e-mail address');
  });
});

describe('user/{id}/infos', () => {
  it('a member reads and saves their own info', async () => {
    const saved = await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: acme.member.token, form: info });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ id: acme.member.id, mobile: '+351 912 345 678', bio: 'Lathe specialist', team: 'Assembly', role: 'Operator' });
    const read = await platform.api('GET', `/api/user/${acme.member.id}/infos`, { token: acme.member.token });
    expect(read.body.data.bio).toBe('Lathe specialist');
  });

  it('a member cannot change their team or role; a super user can', async () => {
    const denied = await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: acme.member.token, json: { ...info, role: 'Plant Director' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error_messages).toBe('Only a super user can change the team and role.');
    const allowed = await platform.api('POST', `/api/user/${acme.superUser.id}/infos`, {
      token: acme.superUser.token,
      json: { ...info, name: 'Sam', lastName: 'Super', team: 'Maintenance', role: 'Head of Maintenance' },
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body.data).toMatchObject({ team: 'Maintenance', role: 'Head of Maintenance' });
  });

  it('applies the edit-info rules', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: 'M' }, 'name: The name must be at least 2 characters'],
      [{ lastName: '' }, 'lastName: The last name must be at least 2 characters'],
      [{ mobile: '1'.repeat(17) }, 'mobile: The mobile number may have at most 16 characters'],
      [{ team: 'A' }, 'team: The team must be at least 2 characters'],
    ];
    for (const [override, message] of cases) {
      const res = await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: acme.member.token, json: { ...info, ...override } });
      expect(res.status).toBe(400);
      expect(res.body.error_messages).toContain(message);
    }
    const empty = await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: acme.member.token, json: { ...info, mobile: '' } });
    expect(empty.body.data.mobile).toBe('');
  });

  it('the first-login save closes the first login once and counts the sign-in', async () => {
    const { member } = await organizationWithMembers(platform);
    const before = await platform.api('GET', `/api/user/${member.id}/infos`, { token: member.token });
    expect(before.body.data).toMatchObject({ first_login: 1, logged_in_account: 1 });
    const first = await platform.api('POST', `/api/user/${member.id}/infos`, { token: member.token, form: { ...info, firstLogin: 'true' } });
    expect(first.body.data).toMatchObject({ first_login: 0, logged_in_account: 2 });
    const again = await platform.api('POST', `/api/user/${member.id}/infos`, { token: member.token, form: { ...info, firstLogin: 'true' } });
    expect(again.body.data).toMatchObject({ first_login: 0, logged_in_account: 2 });
  });

  it("nobody reads or changes another organization's user; members do not read colleagues", async () => {
    expect((await platform.api('GET', `/api/user/${acme.member.id}/infos`, { token: rival.superUser.token })).status).toBe(403);
    expect((await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: rival.superUser.token, json: info })).status).toBe(403);
    expect((await platform.api('GET', `/api/user/${acme.superUser.id}/infos`, { token: acme.member.token })).status).toBe(403);
    expect((await platform.api('GET', `/api/user/${acme.member.id}/infos`, { token: acme.superUser.token })).status).toBe(200);
    expect((await platform.api('POST', `/api/user/${acme.member.id}/infos`, { token: acme.superUser.token, json: info })).status).toBe(403);
    const bio = await platform.ctx.db.selectFrom('users').select('bio').where('id', '=', acme.member.id).executeTakeFirstOrThrow();
    expect(bio.bio).toBe('Lathe specialist');
  });

  it('answers 400 for malformed ids and 404 for unknown users', async () => {
    expect((await platform.api('GET', '/api/user/abc/infos', { token: acme.member.token })).status).toBe(400);
    expect((await platform.api('GET', '/api/user/-1/infos', { token: acme.member.token })).status).toBe(400);
    expect((await platform.api('GET', '/api/user/99999999999/infos', { token: acme.member.token })).status).toBe(400);
    expect((await platform.api('GET', '/api/user/999999/infos', { token: acme.member.token })).status).toBe(404);
  });
});

describe('POST /api/v4/update_profile_image', () => {
  const upload = (token: string, bytes: Buffer, type: string, field = 'picture') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
    return platform.api('POST', '/api/v4/update_profile_image', { token, body: form });
  };

  it('re-encodes an image to a 256px WebP and serves it', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0b3d91' } })
      .png()
      .toBuffer();
    const res = await upload(acme.member.token, png, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.data.picture).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const served = await fetch(`${platform.url}${res.body.data.picture}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses what is not an image, a wrong field and a file over 5 MB', async () => {
    const notImage = await upload(acme.member.token, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(notImage.status).toBe(400);
    expect(notImage.body.error_messages).toBe('The picture must be a JPEG, PNG, WebP or GIF image.');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(acme.member.token, png, 'image/png', 'avatar')).status).toBe(400);
    const huge = await upload(acme.member.token, Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
    expect(huge.body.error_messages).toBe('The picture may be at most 5 MB.');
    expect(huge.status).toBe(413);
    expect(huge.body.error_messages).toBe('The picture may be at most 5 MB.');
    const json = await platform.api('POST', '/api/v4/update_profile_image', { token: acme.member.token, json: { picture: 'x' } });
    expect(json.status).toBe(400);
  });
});
