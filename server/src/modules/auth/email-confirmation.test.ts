import { CONFIRMATION_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLinkOf, pressConfirm, registerCompany } from '../../../test/billing-test-kit.ts';
import { startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { organizationVerified } from '../tenancy/organizations.queries.ts';

/** The registration's e-mailed link confirms only when its page's button is pressed: link scanners change nothing. */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

describe('e-mail confirmation', () => {
  it('HEAD and GET of the link change nothing; the button confirms; a second use says already confirmed', async () => {
    const owner = await registerCompany(platform, 'Scanned Forge', { confirmed: false });
    const link = await confirmationLinkOf(platform, owner.email);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(new URL(link).pathname).toBe('/confirm-email');
    const verified = () => organizationVerified(platform.ctx.db, owner.organizationId);
    const state = async () => (await platform.api('GET', `/api/confirm-email/state?token=${encodeURIComponent(token)}`)).body.data.state;

    // What a mail scanner does: HEAD and GET of the older /api link and of the page's read; none confirms.
    for (const method of ['HEAD', 'GET']) {
      const older = await fetch(`${platform.url}/api/confirm-email?token=${encodeURIComponent(token)}`, { method, redirect: 'manual' });
      expect(older.status).toBe(303);
      expect(older.headers.get('location')).toBe(`/confirm-email?token=${encodeURIComponent(token)}`);
      expect((await fetch(`${platform.url}/api/confirm-email/state?token=${encodeURIComponent(token)}`, { method })).status).toBe(200);
    }
    expect(await verified()).toBe(false);
    expect(await state()).toBe('pending');

    // The owner presses the button: confirmed, once.
    expect((await pressConfirm(platform, link)).body).toMatchObject({ success: true, data: { state: 'confirmed' } });
    expect(await verified()).toBe(true);
    // Opening the link again, or pressing again, says already confirmed (not an error).
    expect(await state()).toBe('confirmed');
    const again = await pressConfirm(platform, link);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ state: 'already_confirmed' });
  });

  it('refuses a wrong token with the link message, and tells it apart on opening', async () => {
    const wrong = await platform.api('POST', '/api/confirm-email', { json: { token: 'not-a-real-token' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, error_messages: CONFIRMATION_MESSAGES.linkInvalid });
    expect((await platform.api('GET', '/api/confirm-email/state?token=not-a-real-token')).body.data).toEqual({ state: 'invalid' });
    expect((await platform.api('POST', '/api/confirm-email', { json: {} })).status).toBe(400);
  });
});
