import type { Config } from './config/env.ts';
import type { Db, Dialect } from './db/client.ts';
import type { Log } from './lib/log.ts';
import type { Mailer } from './modules/mail/outbox.ts';

/** What services need from the running platform; built once in app.ts. `log` writes through the current request's logger. */
export type AppContext = { config: Config; db: Db; dialect: Dialect; mailer: Mailer; log: Log };
