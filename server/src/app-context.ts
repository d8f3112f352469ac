import type { Config } from './config/env.ts';
import type { Db, Dialect } from './db/client.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { Log } from './lib/log.ts';
import type { Storage } from './lib/storage/storage.ts';
import type { JobQueue } from './modules/jobs/job-queue.ts';
import type { Mailer } from './modules/mail/outbox.ts';

/**
 * What services need from the running platform; built once in app.ts. `log` is for work outside requests (clocks, mailer,
 * start-up); what a request has to log goes through `request.log` (a route's line, or an AppError's `warning`), which carries its id.
 * `storage` keeps media, captions, playbooks and uploads (the directory under DATA_DIR, or a bucket: lib/storage).
 * `events`: the domain events with every module's handlers (event-handlers.ts), emitted inside a transaction.
 */
/** `jobs`: the job queue every instance enqueues into (server/src/background-work.ts lists the queues and who works them). */
export type AppContext = { config: Config; db: Db; dialect: Dialect; mailer: Mailer; log: Log; storage: Storage; events: DomainEvents; jobs: JobQueue };
