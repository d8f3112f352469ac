import { REGISTRATION_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { smtpCapture } from '../../../test/smtp-capture.ts';
import { hashToken } from '../../lib/crypto.ts';
import { createMailer } from '../mail/outbox.ts';
import { BAD_CREDENTIALS, LOCKED_OUT, RESET_LINK_INVALID, RESET_SENT, RESET_THROTTLED } from './auth.service.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const validRegistration = () => ({
  name: 'Rita',
  last_name: 'Reyes',
  company: 'Reyes Castings',
  email: uniqueEmail('rita'),
  password: STRONG_PASSWORD,
  is_super_user: '0',
  timezone: 'Europe/Lisbon',
});

describe('POST /api/v4/register', () => {
  it('creates the organization from the company and a user who is not a super user', async () => {
    const input = validRegistration();
    const res = await platform.api('POST', '/api/v4/register', { form: input });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ name: 'Rita', user_type: 1, picture: null });
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    const user = await platform.ctx.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .selectAll('users')
      .select('organizations.name as org')
      .where('users.id', '=', res.body.data.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ org: 'Reyes Castings', is_super_user: 0, company: 'Reyes Castings', timezone: 'Europe/Lisbon' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const profile = await platform.api('GET', '/api/profile', { token: res.body.data.token });
    expect(profile.body.data.email).toBe(input.email);
  });

  it('is_super_user=1 from the caller is ignored', async () => {
    const res = await platform.api('POST', '/api/v4/register', { json: { ...validRegistration(), is_super_user: 1 } });
    expect(res.status).toBe(201);
    const row = await platform.ctx.db.selectFrom('users').select('is_super_user').where('id', '=', res.body.data.user_id).executeTakeFirstOrThrow();
    expect(row.is_super_user).toBe(0);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['all empty', { name: '', last_name: '', company: '', email: '', password: '' }, REGISTRATION_MESSAGES.allEmpty],
    ['first name', { name: '' }, REGISTRATION_MESSAGES.name],
    ['last name', { last_name: '  ' }, REGISTRATION_MESSAGES.last_name],
    ['company', { company: '' }, REGISTRATION_MESSAGES.company],
    ['email', { email: '' }, REGISTRATION_MESSAGES.email],
    ['password', { password: '' }, REGISTRATION_MESSAGES.password],
    ['terms unticked', { terms: '0' }, REGISTRATION_MESSAGES.terms],
    ['first name before the later ones', { name: '', company: '', password: '' }, REGISTRATION_MESSAGES.name],
    ['short password', { password: 'Short-pw-1' }, 'The password must be at least 12 characters.'],
    ['bad e-mail', { email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
  ];
  it.each(cases)('refuses %s with its message, in the spec order, and writes nothing', async (_label, override, message) => {
    const before = await platform.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await platform.api('POST', '/api/v4/register', { form: { ...validRegistration(), ...override } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error_messages: message, error_code: 400, code: 'invalid_input' });
    const after = await platform.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a password from the common-password list', async () => {
    const res = await platform.api('POST', '/api/v4/register', { form: { ...validRegistration(), password: 'unbelievable' } });
    expect(res.status).toBe(400);
    expect(res.body.error_messages).toBe('This password is too common. Please choose another one.');
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    const input = validRegistration();
    expect((await platform.api('POST', '/api/v4/register', { form: input })).status).toBe(201);
    const res = await platform.api('POST', '/api/v4/register', { form: { ...input, email: input.email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body.error_messages).toBe('The email has already been taken.');
  });

  it('answers 400, not 500, to wrong types and oversized fields', async () => {
    for (const body of [{ name: ['x'] }, { email: { $ne: 1 } }, { name: 'x'.repeat(5000) }, { password: 42 }]) {
      const res = await platform.api('POST', '/api/v4/register', { json: { ...validRegistration(), ...body } });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const broken = await platform.api('POST', '/api/v4/register', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error_messages).toBe('The request body is not valid JSON.');
  });
});

describe('POST /api/v4/login', () => {
  it('answers the session of the spec, with form or JSON bodies', async () => {
    const org = await organizationWithMembers(platform, 'Login Org');
    const res = await platform.api('POST', '/api/v4/login', { form: { email: org.superUser.email.toUpperCase(), password: STRONG_PASSWORD, timezone: 'UTC' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Log-in successful!');
    expect(res.body.data).toMatchObject({
      user_id: org.superUser.id,
      organization_id: org.organizationId,
      organization_name: 'Login Org',
      team: 'Assembly',
      role: 'Supervisor',
      is_super_user: 1,
      is_guest: 0,
      name: 'Sam',
    });
    // The super user signed in once in the factory and once here.
    expect(res.body.data.logged_in_account).toBe(2);
    expect(typeof res.body.data.last_login).toBe('string');
    const stored = await platform.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', hashToken(res.body.data.token))
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const raw = await platform.ctx.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', res.body.data.token).executeTakeFirst();
    expect(raw).toBeUndefined();
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const org = await organizationWithMembers(platform);
    const wrong = await platform.api('POST', '/api/v4/login', { json: { email: org.member.email, password: 'wrong-password-123' } });
    const unknown = await platform.api('POST', '/api/v4/login', { json: { email: uniqueEmail('ghost'), password: 'wrong-password-123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error_messages).toBe(BAD_CREDENTIALS);
  });

  it('locks an e-mail for 15 minutes after 5 failures, even with the right password', async () => {
    const org = await organizationWithMembers(platform);
    for (let i = 0; i < 5; i++) {
      expect((await platform.api('POST', '/api/v4/login', { json: { email: org.member.email, password: `bad-${i}` } })).status).toBe(401);
    }
    const locked = await platform.api('POST', '/api/v4/login', { json: { email: org.member.email, password: STRONG_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.error_messages).toBe(LOCKED_OUT);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect((await platform.api('POST', '/api/v4/login', { json: { email: org.superUser.email, password: STRONG_PASSWORD } })).status).toBe(200);
    // Once the window has passed the account opens again.
    await platform.ctx.db
      .updateTable('throttle_counters')
      .set((eb) => ({ window_start: eb('window_start', '-', 16 * 60_000) }))
      .where('subject', '=', org.member.email)
      .execute();
    expect((await platform.api('POST', '/api/v4/login', { json: { email: org.member.email, password: STRONG_PASSWORD } })).status).toBe(200);
  });

  it('stops one address after 100 failed tries in an hour', async () => {
    // Earlier sign-ins of this file may have left the address's counter: start it at 100.
    await platform.ctx.db.deleteFrom('throttle_counters').where('kind', '=', 'login_ip').execute();
    await platform.ctx.db
      .insertInto('throttle_counters')
      .values({ kind: 'login_ip', subject: '127.0.0.1', window_start: Date.now() - 1000, count: 100 })
      .execute();
    try {
      const res = await platform.api('POST', '/api/v4/login', { json: { email: uniqueEmail(), password: 'whatever-123' } });
      expect(res.status).toBe(429);
      expect(res.body.error_messages).toBe('Too many failed sign-in attempts from your network. Please try again later.');
    } finally {
      await platform.ctx.db.deleteFrom('throttle_counters').where('kind', '=', 'login_ip').execute();
    }
  });
});

describe('tokens', () => {
  it('accept the Bearer header or the spec id + token fields, and refuse a token with another id', async () => {
    const org = await organizationWithMembers(platform);
    const token = org.member.token;
    expect((await platform.api('GET', '/api/profile', { token })).status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { query: { id: String(org.member.id), token } })).status).toBe(200);
    expect((await platform.api('POST', '/api/profile', { form: { id: String(org.member.id), token } })).status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { query: { id: String(org.superUser.id), token } })).status).toBe(401);
    expect((await platform.api('GET', '/api/profile', { token: 'not-a-real-token' })).status).toBe(401);
    expect((await platform.api('GET', '/api/profile')).body).toEqual({
      success: false,
      error_messages: 'Please sign in to continue.',
      error_code: 401,
      code: 'session_ended',
    });
  });

  it('expire after 30 days unused', async () => {
    const org = await organizationWithMembers(platform);
    await platform.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(org.member.token))
      .execute();
    const res = await platform.api('GET', '/api/profile', { token: org.member.token });
    expect(res.status).toBe(401);
    expect(res.body.error_messages).toBe('Your session has expired. Please sign in again.');
  });

  it('end at sign-out', async () => {
    const org = await organizationWithMembers(platform);
    const out = await platform.api('POST', '/api/logout', { token: org.member.token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logout successful!!');
    expect((await platform.api('GET', '/api/profile', { token: org.member.token })).status).toBe(401);
    expect((await platform.api('GET', '/api/profile', { token: org.superUser.token })).status).toBe(200);
  });
});

describe('password reset', () => {
  async function resetLinkFor(email: string): Promise<string> {
    const mail = await platform.ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'password_reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const match = mail.text_body.match(/\/reset-password\?token=([\w-]+)/);
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return match[1];
  }

  it('answers the same for known and unknown e-mails and mails a link built from PUBLIC_URL', async () => {
    const org = await organizationWithMembers(platform);
    const known = await platform.api('POST', '/api/forgotpassword', { form: { email: org.member.email }, headers: { host: 'evil.example' } });
    const unknown = await platform.api('POST', '/api/forgotpassword', { form: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(RESET_SENT);
    const mail = await platform.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', org.member.email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${platform.url}/reset-password?token=`);
    expect(mail.html_body).not.toContain('evil.example');
  });

  it('sets the new password once, ends every session, and refuses the link afterwards', async () => {
    const org = await organizationWithMembers(platform);
    await platform.api('POST', '/api/forgotpassword', { form: { email: org.member.email } });
    const token = await resetLinkFor(org.member.email);
    const mismatch = await platform.api('POST', '/api/reset-password', {
      json: { token, password: 'New-Strong-Password-1', password_confirmation: 'other-value-123' },
    });
    expect(mismatch.body.error_messages).toBe('The password confirmation does not match.');
    const ok = await platform.api('POST', '/api/reset-password', {
      json: { token, password: 'New-Strong-Password-1', password_confirmation: 'New-Strong-Password-1' },
    });
    expect(ok.status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { token: org.member.token })).status).toBe(401);
    await signIn(platform, org.member.email, 'New-Strong-Password-1');
    const again = await platform.api('POST', '/api/reset-password', {
      json: { token, password: 'Another-Password-22', password_confirmation: 'Another-Password-22' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error_messages).toBe(RESET_LINK_INVALID);
  });

  it('refuses an expired link', async () => {
    const org = await organizationWithMembers(platform);
    await platform.api('POST', '/api/forgotpassword', { form: { email: org.member.email } });
    const token = await resetLinkFor(org.member.email);
    await platform.ctx.db
      .updateTable('user_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await platform.api('POST', '/api/reset-password', {
      json: { token, password: 'New-Strong-Password-1', password_confirmation: 'New-Strong-Password-1' },
    });
    expect(res.body.error_messages).toBe(RESET_LINK_INVALID);
  });

  it('allows 4 requests an hour per e-mail', async () => {
    const email = uniqueEmail('throttled');
    for (let i = 0; i < 4; i++) expect((await platform.api('POST', '/api/forgotpassword', { form: { email } })).status).toBe(200);
    const res = await platform.api('POST', '/api/forgotpassword', { form: { email } });
    expect(res.status).toBe(429);
    expect(res.body.error_messages).toBe(RESET_THROTTLED);
  });
});

describe('POST /api/changePassword', () => {
  it('needs the old password, applies the policy, and ends the other sessions only', async () => {
    const org = await organizationWithMembers(platform);
    const second = await signIn(platform, org.member.email);
    const wrongOld = await platform.api('POST', '/api/changePassword', {
      token: org.member.token,
      json: { old_password: 'nope', password: 'Brand-New-Password-9', password_confirmation: 'Brand-New-Password-9' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.error_messages).toBe('The old password is incorrect.');
    const weak = await platform.api('POST', '/api/changePassword', {
      token: org.member.token,
      json: { old_password: STRONG_PASSWORD, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.body.error_messages).toBe('The password must be at least 12 characters.');
    const ok = await platform.api('POST', '/api/changePassword', {
      token: org.member.token,
      json: { old_password: STRONG_PASSWORD, password: 'Brand-New-Password-9', password_confirmation: 'Brand-New-Password-9' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully.');
    expect((await platform.api('GET', '/api/profile', { token: org.member.token })).status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { token: second })).status).toBe(401);
  });
});

describe('the guest account', () => {
  it('publishes its shared credentials for the landing page link', async () => {
    const res = await platform.api('GET', '/api/guest_access');
    expect(res.body.data).toEqual({ email: platform.ctx.config.guest.email, password: platform.ctx.config.guest.password });
  });

  it('signs in with the configured credentials and cannot write', async () => {
    const token = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
    expect((await platform.api('POST', '/api/profile', { token })).status).toBe(200);
    const write = await platform.api('POST', '/api/updateProfile', { token, json: { name: 'Hacker', email: uniqueEmail() } });
    expect(write.status).toBe(403);
    expect(write.body.error_messages).toBe('The guest account is read-only. Sign up to use this feature.');
    const password = await platform.api('POST', '/api/changePassword', {
      token,
      json: { old_password: platform.ctx.config.guest.password, password: 'Taken-Over-Password-1', password_confirmation: 'Taken-Over-Password-1' },
    });
    expect(password.status).toBe(403);
    expect((await platform.api('POST', '/api/logout', { token })).status).toBe(200);
  });
});

describe('e-mail over SMTP', () => {
  it('sends each message once when two app instances deliver from the same database', async () => {
    const received: string[] = [];
    const smtp = await smtpCapture(0, received);
    const port = (smtp.server.address() as { port: number }).port;
    const mailing = await startPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    // The second instance: its own mailer (and SMTP connection) over the same database.
    const other = createMailer(mailing.ctx.db, mailing.ctx.config, mailing.ctx.log);
    try {
      const t = Date.now();
      const addresses = Array.from({ length: 30 }, (_, i) => `twice.${i}.${t}@example.com`);
      // Each send starts the first instance's delivery; the second one delivers at the same time.
      await Promise.all([
        ...addresses.map((to) =>
          mailing.ctx.mailer.send(to, 'test', { subject: 'Shift notes', text: 'See you at the line.', html: '<p>See you at the line.</p>' }),
        ),
        other.deliverPending(),
      ]);
      await Promise.all([mailing.ctx.mailer.deliverPending(), other.deliverPending(), mailing.ctx.mailer.deliverPending(), other.deliverPending()]);
      // The first instance's delivery jobs (one per message, from the queue) run beside the passes: wait for them too.
      const statuses = () => mailing.ctx.db.selectFrom('outbox').select(['status']).where('to_address', 'in', addresses).execute();
      for (let i = 0; i < 200 && !(await statuses()).every((row) => row.status === 'sent'); i++) await new Promise((r) => setTimeout(r, 50));
      expect((await statuses()).every((row) => row.status === 'sent')).toBe(true);
      for (const to of addresses)
        expect(
          received.filter((raw) => raw.includes(`To: ${to}`)),
          to,
        ).toHaveLength(1);
    } finally {
      other.close();
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  // Issue 36: delivery is at least once (an instance killed after the SMTP server took a message, before marking it
  // sent, leaves it due again); the second copy carries the first one's Message-ID, so the mailbox shows one message.
  it('sends a message delivered again after its instance died with the same Message-ID', async () => {
    const received: string[] = [];
    const smtp = await smtpCapture(0, received);
    const port = (smtp.server.address() as { port: number }).port;
    const mailing = await startPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const to = `again.${Date.now()}@example.com`;
      await mailing.ctx.mailer.send(to, 'test', { subject: 'Shift notes', text: 'See you at the line.', html: '<p>See you at the line.</p>' });
      const message = () => mailing.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && (await message()).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 25));
      // What a SIGKILL between the SMTP server's answer and markSent leaves behind: the message still pending.
      await mailing.ctx.db
        .updateTable('outbox')
        .set({ status: 'pending', sent_at: null, lease_until: null, next_attempt_at: 0 })
        .where('to_address', '=', to)
        .execute();
      await mailing.ctx.mailer.deliverPending();
      for (let i = 0; i < 200 && (await message()).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 25));
      const copies = received.filter((raw) => raw.includes(`To: ${to}`));
      expect(copies).toHaveLength(2);
      const ids = copies.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
      const sent = await message();
      expect(ids[0]).toBe(`<outbox-${sent.id}-${sent.created_at}@${new URL(mailing.ctx.config.publicUrl).hostname}>`);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  it('delivers through a real SMTP server and keeps retrying while it is down', async () => {
    const received: string[] = [];
    // Take a free port, then close it: the platform starts with its SMTP server down.
    const probe = await smtpCapture(0, received);
    const port = (probe.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(resolve));

    const mailing = await startPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const org = await organizationWithMembers(mailing);
      await mailing.api('POST', '/api/forgotpassword', { form: { email: org.member.email } });
      await mailing.ctx.mailer.deliverPending();
      // Its delivery job tries at once too: wait for the first attempt to be recorded, whichever made it.
      const message = () => mailing.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', org.member.email).executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && (await message()).attempts === 0; i++) await new Promise((r) => setTimeout(r, 25));
      const pending = await message();
      expect(pending.status).toBe('pending');
      expect(pending.attempts).toBeGreaterThanOrEqual(1);

      // Back up: the retry delivers it.
      const again = await smtpCapture(port, received);
      await mailing.ctx.db.updateTable('outbox').set({ next_attempt_at: 0 }).where('id', '=', pending.id).execute();
      await mailing.ctx.mailer.deliverPending();
      // Or its job's next retry, if that held the message at the moment of the pass.
      for (let i = 0; i < 400 && (await message()).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise<void>((resolve) => again.close(resolve));
      const sent = await mailing.ctx.db.selectFrom('outbox').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
      expect(sent.status).toBe('sent');
      expect(received.join('\n')).toContain('Reset your Manufacturing Masters password');
      expect(received.join('\n')).toContain(`To: ${org.member.email}`);
    } finally {
      await mailing.close();
    }
  });
});
