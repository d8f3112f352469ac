import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_CHARACTER = 'Text may not contain the NUL character (\\u0000).';

/** True when a string anywhere in the value (keys included) holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can): refused for every route up front, so both databases answer
 * the same 400 instead of PostgreSQL's error surfacing as a 500.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  done(holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body) ? badRequest(NUL_CHARACTER) : undefined);
}
