import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from './harness.ts';

/** Structured logs (issue 14): each line is JSON with the request's id; lock-outs say which limit, never whose account. */
const lines: Record<string, unknown>[] = [];
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
});
afterAll(async () => platform?.close());

describe('the request-scoped logger', () => {
  it("logs a sign-in lock-out with the request's id and the limit, without the e-mail address or the password", async () => {
    const email = `locked.${Date.now()}@example.com`;
    const password = 'a-wrong-password-never-logged';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await platform.api('POST', '/api/v4/login', { json: { email, password } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const lockOut = lines.find((line) => line.event === 'rate_limited');
    expect(lockOut).toMatchObject({ level: 40, limit: 'login_email', attempts: 6, msg: 'attempt over the limit refused' });
    expect(lockOut?.reqId).toEqual(expect.any(String));
    // The same request's own lines (its completion) carry the same id.
    expect(lines.filter((line) => line.reqId === lockOut?.reqId && line.msg === 'request completed')).toHaveLength(1);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(password);
  });

  it("logs a supervisor's broadcast from its route with the request's id and who sent it, never an address", async () => {
    const acme = await organizationWithMembers(platform, 'Logged Plant');
    const sent = await platform.api('POST', '/api/send_broadcast', { token: acme.superUser.token, json: { organizationId: acme.organizationId } });
    expect(sent.status).toBe(200);
    const line = lines.find((candidate) => candidate.event === 'broadcast');
    expect(line).toMatchObject({ level: 30, organizationId: acme.organizationId, senderId: acme.superUser.id, msg: 'progress broadcast sent' });
    expect(line?.reqId).toEqual(expect.any(String));
    expect(lines.filter((other) => other.reqId === line?.reqId && other.msg === 'request completed')).toHaveLength(1);
    expect(JSON.stringify(line)).not.toContain(acme.member.email);
  });

  it('logs a job outside any request through the same logger, without a request id', async () => {
    platform.ctx.log.info({ event: 'probe' }, 'outside a request');
    const line = lines.find((candidate) => candidate.event === 'probe');
    expect(line).toMatchObject({ msg: 'outside a request', level: 30 });
    expect(line?.reqId).toBeUndefined();
  });
});
