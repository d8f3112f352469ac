import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What the code logs with: structured fields first, then a fixed message (never a secret, a token or a password). */
export type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * The context's logger (`ctx.log`): inside a request it writes through that request's own logger, so each line
 * carries the request's id; elsewhere (the clocks, the mailer, start-up) through `base`.
 */
export function scopedLog(base: Log): Log {
  const current = (): Log => requestLogs.getStore() ?? base;
  return {
    debug: (...args: Parameters<Log['debug']>) => current().debug(...args),
    info: (...args: Parameters<Log['info']>) => current().info(...args),
    warn: (...args: Parameters<Log['warn']>) => current().warn(...args),
    error: (...args: Parameters<Log['error']>) => current().error(...args),
  };
}

/** Runs every request's hooks and handler with its logger as the one `scopedLog` answers. */
export function bindRequestLogs(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => requestLogs.run(request.log, done));
}

/** A logger for the command line (no request, no JSON): warnings and errors on stderr, the rest dropped. */
export const consoleLog: Log = {
  debug: () => undefined,
  info: () => undefined,
  warn: (fields: unknown, message?: string) => console.warn(message ?? '', fields),
  error: (fields: unknown, message?: string) => console.error(message ?? '', fields),
} as Log;
