import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Revalidation for the API's reads: a GET answered 200 carries a weak ETag of its bytes, and a request that
 * presents that ETag in If-None-Match gets 304 without a body (the screen keeps what it has, the bytes stay home).
 * The answer is still computed; what is saved is the transfer, which is most of a phone's wait on the shop floor.
 * Answers are personal, so they may be kept only by the member's own browser and only with a revalidation on
 * every use (`private, no-cache`); a shared kiosk tablet keeps nothing (`no-store`), nor does anything a route
 * marked otherwise. Writes are never cached.
 */
export function answerCaching(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.hasHeader('cache-control')) return payload;
  const revalidated = request.method === 'GET' && reply.statusCode === 200 && (request.caller?.kioskId ?? null) === null && typeof payload === 'string';
  if (!revalidated) {
    reply.header('cache-control', 'no-store');
    return payload;
  }
  // One-shot hashing: a Hash object per answer cost more than hashing a short answer.
  const etag = `W/"${hash('sha256', payload, 'base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  if (!presents(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type');
  return '';
}

/** True when If-None-Match lists this ETag (or `*`); weak comparison, as RFC 9110 asks for If-None-Match. */
function presents(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === bare;
  });
}
