import type { FastifyInstance } from 'fastify';

/** What systemd (TimeoutStopSec=30) and compose (stop_grace_period: 30s) wait before SIGKILL, less a margin to log. */
export const DRAIN_LIMIT_MS = 25_000;

type Exit = (code: number) => void;

const drainingApps = new WeakSet<FastifyInstance>();

/**
 * Called while the app is built (hooks cannot be added later): once the app drains, every answer says
 * `Connection: close`, so a kept-alive connection (nginx keeps its upstream connections open) ends after the answer
 * in flight instead of holding the close until the limit.
 */
export function endKeptConnectionsWhenDraining(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drainingApps.has(app)) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * SIGTERM or SIGINT: stop listening (new connections are refused; a request arriving on a kept-alive connection
 * meanwhile gets Fastify's 503), let the requests in flight finish, then run the app's onClose hooks (clocks stopped,
 * mailer closed, database pool ended) and exit 0. Past `limitMs` the remaining connections are cut and the exit is 1,
 * so a supervisor sees that the drain did not finish. A second signal during the drain exits at once (1): the
 * operator's Ctrl-C twice.
 */
export function closeOnSignals(app: FastifyInstance, options: { limitMs?: number; exit?: Exit } = {}): void {
  const limitMs = options.limitMs ?? DRAIN_LIMIT_MS;
  const exit: Exit = options.exit ?? ((code) => process.exit(code));
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.warn({ event: 'shutdown', signal }, 'second signal during the drain: exiting now');
      exit(1);
      return;
    }
    draining = true;
    drainingApps.add(app);
    const started = Date.now();
    app.log.info({ event: 'shutdown', signal, limitMs }, 'draining: no new connections, finishing the requests in flight');
    // A connection that fell idle between two requests (no answer left to carry Connection: close) is ended too.
    const idle = setInterval(() => app.server.closeIdleConnections(), 200);
    idle.unref();
    const deadline = setTimeout(() => {
      app.log.error({ event: 'shutdown', signal, limitMs }, 'the drain did not finish in time: cutting the remaining connections');
      app.server.closeAllConnections();
      exit(1);
    }, limitMs);
    deadline.unref();
    app.close().then(
      () => {
        clearTimeout(deadline);
        clearInterval(idle);
        app.log.info({ event: 'shutdown', ms: Date.now() - started }, 'drained and closed');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        clearInterval(idle);
        app.log.error({ err, event: 'shutdown' }, 'closing failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
