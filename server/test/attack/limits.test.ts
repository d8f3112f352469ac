import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_THROTTLED, CONFIRMATION_MAILS_THROTTLED, CONFIRMATION_SENT, REGISTRATION_THROTTLED } from '../../src/modules/auth/auth.service.ts';
import { CONFIRM_EMAIL_FIRST } from '../../src/modules/auth/organization-verification.ts';
import { openSession } from '../../src/modules/auth/sessions.queries.ts';
import { SHARE_MAILS_THROTTLED } from '../../src/modules/sharing/sharing.service.ts';
import { checkoutUrls, confirmationLinkOf, payOfflineCheckout, pressConfirm, registerCompany } from '../billing-test-kit.ts';
import type { TestCatalog } from '../catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, type TestPlatform, uniqueEmail } from '../harness.ts';
import { startAttackPlatform } from './attack-platform.ts';

/** The abuse limits of lib/throttle.ts that guard guessing and flooding, each pushed one past its bound over HTTP. */
let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  ({ platform, catalog } = await startAttackPlatform());
});
afterAll(async () => platform?.close());

const changePassword = (token: string, oldPassword: string) =>
  platform.api('POST', '/api/changePassword', {
    token,
    json: { old_password: oldPassword, password: 'Brand-New-Secret-77', password_confirmation: 'Brand-New-Secret-77' },
  });

describe('changePassword: 5 wrong old passwords per session and per account in 15 minutes, then 429', () => {
  it('stops one session after 5 wrong old passwords, the right one included', async () => {
    const org = await organizationWithMembers(platform, 'Guessing Session');
    for (let i = 0; i < 5; i++) expect((await changePassword(org.member.token, `wrong-${i}`)).status).toBe(400);
    const refused = await changePassword(org.member.token, STRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(CHANGE_PASSWORD_THROTTLED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stops the account when the guesses are spread over new sessions', async () => {
    const org = await organizationWithMembers(platform, 'Guessing Sessions');
    for (let i = 0; i < 5; i++) {
      const session = await openSession(platform.ctx.db, org.member.id);
      expect((await changePassword(session, `wrong-${i}`)).status).toBe(400);
    }
    const fresh = await openSession(platform.ctx.db, org.member.id);
    const refused = await changePassword(fresh, STRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(CHANGE_PASSWORD_THROTTLED);
  });

  it('lets a right old password through below the limit and starts the count again', async () => {
    const org = await organizationWithMembers(platform, 'Forgetful');
    for (let i = 0; i < 4; i++) expect((await changePassword(org.member.token, `wrong-${i}`)).status).toBe(400);
    expect((await changePassword(org.member.token, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await changePassword(org.member.token, `wrong-again-${i}`)).status).toBe(400);
  });
});

describe('registration: 10 organizations per address and hour', () => {
  it('refuses the 11th registration from one address and not from another', async () => {
    const register = (address: string) =>
      platform.api('POST', '/api/v4/register', {
        headers: { 'x-forwarded-for': address },
        json: { name: 'Rita', last_name: 'Reyes', company: 'Flood Castings', email: uniqueEmail('flood'), password: STRONG_PASSWORD, terms: 1 },
      });
    for (let i = 0; i < 10; i++) expect((await register('10.77.0.1')).status).toBe(201);
    const refused = await register('10.77.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(REGISTRATION_THROTTLED);
    expect((await register('10.77.0.2')).status).toBe(201);
  });
});

describe('a registered organization counts once its e-mail is confirmed', () => {
  it('registers, checks out and signs in as the spec says, but invites nobody until the e-mailed link is opened', async () => {
    const owner = await registerCompany(platform, 'Unconfirmed Forge', { confirmed: false });
    // The spec's flow is untouched: the checkout right after registration works and makes the payer the super user.
    const checkout = await platform.api('POST', '/api/create-checkout-session', {
      token: owner.token,
      form: { subscription_id: '1', ...checkoutUrls(platform, owner.userId, 1) },
    });
    expect(checkout.status).toBe(201);
    const paid = await payOfflineCheckout(checkout.body.data.url);
    expect(paid.status).toBe(303);
    const returned = await platform.api('POST', '/api/v4/subscriptions_payment', {
      token: owner.token,
      form: { userId: String(owner.userId), subscription_id: '1', payment_mode: 'subscription' },
    });
    expect(returned.body.data.is_super_user).toBe(1);
    const invite = () => platform.api('POST', '/api/v4/register_members', { token: owner.token, json: { emails: [uniqueEmail('welder')] } });
    const createUser = () =>
      platform.api('POST', '/api/v4/create_user', {
        token: owner.token,
        json: { name: 'Wes', last_name: 'Welder', email: uniqueEmail('wes'), team: 'Line', role: 'Welder' },
      });
    const shareOutside = () =>
      platform.api('POST', '/api/videos/share', { token: owner.token, json: { admin_video_id: catalog.videos.lockout, emails: ['friend@example.org'] } });
    for (const call of [invite, createUser, shareOutside]) {
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error_messages: CONFIRM_EMAIL_FIRST, code: 'email_not_confirmed' });
    }

    // A lost e-mail can be sent again, a few times an hour.
    for (let i = 0; i < 3; i++) {
      const resent = await platform.api('POST', '/api/confirmation-email', { token: owner.token });
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe(CONFIRMATION_SENT);
    }
    const flooded = await platform.api('POST', '/api/confirmation-email', { token: owner.token });
    expect(flooded.status).toBe(429);
    expect(flooded.body.error_messages).toBe(CONFIRMATION_MAILS_THROTTLED);

    const link = await confirmationLinkOf(platform, owner.email);
    expect((await pressConfirm(platform, link)).body.data).toEqual({ state: 'confirmed' });
    expect((await invite()).status).toBe(201);
    expect((await createUser()).status).toBe(201);
    expect((await shareOutside()).status).toBeLessThan(300);
  });
});

describe('share e-mails: 50 outside addresses per member and day', () => {
  it('refuses the share that would pass 50 outside addresses, and sends none of it', async () => {
    const org = await organizationWithMembers(platform, 'Sharing Plant');
    const share = (emails: string[]) =>
      platform.api('POST', '/api/videos/share', { token: org.member.token, json: { admin_video_id: catalog.videos.lockout, emails } });
    const addresses = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}@outside.example.org`);
    expect((await share(addresses(30, 'a'))).status).toBeLessThan(300);
    expect((await share(addresses(20, 'b'))).status).toBeLessThan(300);
    const refused = await share(['one-too-many@outside.example.org']);
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(SHARE_MAILS_THROTTLED);
    const sent = await platform.ctx.db.selectFrom('outbox').select('id').where('to_address', '=', 'one-too-many@outside.example.org').execute();
    expect(sent).toEqual([]);
    // Colleagues are not counted, typed-in addresses included: the organization bounds them.
    expect((await share([org.superUser.email])).status).toBeLessThan(300);
  });
});
