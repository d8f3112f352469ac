import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS } from '../../src/lib/request-budget.ts';
import { openSession } from '../../src/modules/auth/sessions.queries.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../harness.ts';

/**
 * The flood guard (lib/request-budget.ts) at 20 calls a minute, over HTTP with client addresses named by X-Forwarded-For:
 * a plant's tablets share one address, so signed-in members are counted as themselves; everything else by address.
 */
const BUDGET = 20;
let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
beforeAll(async () => {
  platform = await startPlatform({ TRUST_PROXY: 'true', REQUESTS_PER_MINUTE: String(BUDGET) });
  // Signing in is counted by address too: the setup's own address is not one the tests use.
  org = await organizationWithMembers(platform, 'Night Shift Plant');
});
afterAll(async () => platform?.close());

let plant = 0;
/** A fresh address per test: each one's window opens at its first request. */
const newAddress = () => `10.77.${++plant}.1`;
const from = (address: string, token?: string) => ({ token, headers: { 'x-forwarded-for': address } });
const anonymous = (address: string) => platform.api('GET', '/api/get_text_sharing_video', from(address));
const profile = (address: string, token: string) => platform.api('GET', '/api/profile', from(address, token));

async function statuses(count: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await call()).status);
  return answers;
}

describe('the flood guard', () => {
  it('refuses an address past its budget with 429 and Retry-After, and not another address', async () => {
    const address = newAddress();
    expect(await statuses(BUDGET, () => anonymous(address))).toEqual(Array(BUDGET).fill(200));
    const refused = await anonymous(address);
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(TOO_MANY_REQUESTS);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await anonymous(newAddress())).status).toBe(200);
  });

  it('counts signed-in members behind one address each as themselves, even once the address is spent', async () => {
    const address = newAddress();
    const superUsers = await statuses(15, () => profile(address, org.superUser.token));
    const members = await statuses(15, () => profile(address, org.member.token));
    expect([...superUsers, ...members]).toEqual(Array(30).fill(200));
    await statuses(BUDGET, () => anonymous(address));
    expect((await anonymous(address)).status).toBe(429);
    expect((await profile(address, org.member.token)).status).toBe(200);
  });

  it('refuses one member past their own budget on any address, the others not', async () => {
    const { member, superUser } = await organizationWithMembers(platform, 'Busy Clicker');
    const answers = await statuses(BUDGET, () => profile(newAddress(), member.token));
    expect(answers).toEqual(Array(BUDGET).fill(200));
    // A new session of the same person is the same budget.
    const again = await profile(newAddress(), await openSession(platform.ctx.db, member.id));
    expect(again.status).toBe(429);
    expect(again.body.error_messages).toBe(TOO_MANY_REQUESTS);
    expect((await profile(newAddress(), superUser.token)).status).toBe(200);
  });

  it('counts tokens that match no session against their address: made-up tokens buy no budget', async () => {
    const address = newAddress();
    const guessed = await statuses(BUDGET, () => profile(address, randomBytes(24).toString('hex')));
    expect(guessed).toEqual(Array(BUDGET).fill(401));
    expect((await profile(address, randomBytes(24).toString('hex'))).status).toBe(429);
    expect((await anonymous(address)).status).toBe(429);
    // The address's members still get in.
    expect((await profile(address, org.superUser.token)).status).toBe(200);
  });

  it('does not count health checks, uploads or media segments, which a page load or a player asks for many at once', async () => {
    const address = newAddress();
    await statuses(BUDGET, () => anonymous(address));
    expect((await anonymous(address)).status).toBe(429);
    const get = async (path: string) => ({ status: (await fetch(`${platform.url}${path}`, { headers: { 'x-forwarded-for': address } })).status });
    expect(await statuses(BUDGET + 5, () => get('/healthz'))).toEqual(Array(BUDGET + 5).fill(200));
    expect((await get('/uploads/none.png')).status).toBe(404);
    // A made-up segment is answered by the media route for what it is, not refused for the budget.
    const segment = await platform.api('GET', '/media/1/forged/0123456789abcdef/segment-0.ts', from(address));
    expect([segment.status, segment.body.error_messages]).toEqual([404, 'No such media.']);
  });
});
