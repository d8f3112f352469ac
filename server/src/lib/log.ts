import type { FastifyBaseLogger } from 'fastify';

/** What the code logs with: structured fields first, then a fixed message (never a secret, a token or a password). */
export type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** A logger for the command line (no request, no JSON): warnings and errors on stderr, the rest dropped. */
export const consoleLog: Log = {
  debug: () => undefined,
  info: () => undefined,
  warn: (fields: unknown, message?: string) => console.warn(message ?? '', fields),
  error: (fields: unknown, message?: string) => console.error(message ?? '', fields),
} as Log;
