import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, PLATFORM_SECURITY_HEADERS } from './security-headers.ts';

function answer(): ServerResponse {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'something');
  return res;
}

/** Every header of an answer as it would be written: names as spelled, in order, with their values. */
const written = (res: ServerResponse) =>
  (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames().map((name) => [name, res.getHeader(name)]);

describe('security headers worked out once', () => {
  it("are byte for byte what Helmet's middleware writes for the platform's options, removals included", () => {
    const byHelmet = answer();
    helmet(PLATFORM_SECURITY_HEADERS)(byHelmet.req, byHelmet, () => {});
    const once = answer();
    const { set, removed } = helmetHeaders(PLATFORM_SECURITY_HEADERS);
    for (const name of removed) once.removeHeader(name);
    for (const [name, value] of set) once.setHeader(name, value);
    expect(written(once)).toEqual(written(byHelmet));
    expect(written(once).length).toBeGreaterThan(10);
    expect(once.getHeader('x-powered-by')).toBeUndefined();
  });

  it('refuse options that depend on the request (a nonce) at start', () => {
    const nonce = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (req: IncomingMessage) => `'nonce-${req.url}'`] } } };
    expect(() => helmetHeaders(nonce)).toThrow(/asked the request/);
  });
});
