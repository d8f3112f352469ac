import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The platform's headers (app.ts): Helmet's defaults with the web app's sources and no framing. */
export const PLATFORM_SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // No page of the platform is meant to be embedded, the shared-video page included (docs/decisions.md).
  frameguard: { action: 'deny' },
};

/** What Helmet does to an answer: the headers it sets (names as it spells them) and the ones it removes. */
type HeaderSet = { set: [name: string, value: string][]; removed: string[] };

/**
 * Helmet's headers, worked out once: its middleware is run on a stand-in answer that records what it does. The
 * options must be static (no per-request directive function such as a nonce): a middleware that asks anything of the
 * request or calls back with an error is refused here, at start.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const headers: HeaderSet = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      if (typeof value !== 'string') throw new Error(`security headers: ${name} is not one static string`);
      headers.set.push([name, value]);
    },
    removeHeader: (name: string) => headers.removed.push(name),
  };
  const request = new Proxy(
    {},
    {
      get: (_target, key) => {
        throw new Error(`security headers: Helmet asked the request for ${String(key)}; only static options can be worked out once`);
      },
    },
  );
  let finished = false;
  helmet(options)(request as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('security headers: Helmet did not finish at once');
  return headers;
}

/**
 * Helmet's headers on every answer, byte for byte what its middleware writes, worked out once at start: running the
 * middleware (about a dozen functions each setting its header) on each request was a few percent of a short call.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
