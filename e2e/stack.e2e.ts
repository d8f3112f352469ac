import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type Stack, startStack } from './harness.ts';

// The harness itself: a platform in a child process, SMTP delivery into the capture.
describe('test stack', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers /healthz on SQLite', async () => {
    const res = await stack.api('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body.data.database).toBe('sqlite');
  });

  it('seeds the demo accounts', async () => {
    for (const who of [DEMO.superUser, DEMO.member, DEMO.guest]) {
      expect(await stack.signIn(who.email, who.password)).toMatch(/.{20,}/);
    }
  });

  it('delivers the reset e-mail over SMTP with a link to this platform', async () => {
    const res = await stack.api('POST', '/api/forgotpassword', { json: { email: DEMO.member.email } });
    expect(res.status).toBe(200);
    const mail = await stack.mail.waitForMail(DEMO.member.email, /reset/i);
    expect(mail.subject).toBe('Reset your Manufacturing Masters password');
    expect(mail.text).toContain(`${stack.baseUrl}/reset-password?token=`);
  });
});
