import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './client.ts';
import { isPostgres } from './dialect.ts';

/**
 * Change notices: what an instance keeps in memory from the database (sessions, auth/session-cache.ts) is dropped on
 * every instance when a write changes it. On PostgreSQL a notice is a NOTIFY on one channel, sent in the writer's
 * transaction (so delivered at its commit, never for a rolled back write) and heard by every instance's listening
 * connection. SQLite is one process by design (docs/decisions.md): the notice goes through the process's own bus, at
 * once. Both also tell this process at once, so the instance that made the change never answers from its old copy.
 */

/** The one PostgreSQL channel of every notice. */
const CHANNEL = 'mm_changes';
/** The listening connection's name in pg_stat_activity (a test ends it to see a reconnect). */
export const LISTENER_NAME = 'mm-change-notices';

/**
 * What changed: one session, every session of a user, of a kiosk, of an organization's members; one API token; an own
 * lesson's state (published, unpublished, deleted: what its media URLs may open).
 */
export type ChangeNotice =
  | `session:${number}`
  | `user:${number}`
  | `kiosk:${number}`
  | `organization:${number}`
  | `api-token:${number}`
  | `studio-lesson:${number}`;

const processBus = new EventEmitter().setMaxListeners(0);

/** Tells every instance that `notice` changed; inside a transaction on PostgreSQL, the others hear it at its commit. */
export async function announceChange(db: Db, notice: ChangeNotice): Promise<void> {
  if (isPostgres(db)) await sql`select pg_notify(${CHANNEL}, ${notice})`.execute(db);
  processBus.emit('notice', notice);
}

export type ChangeListener = {
  /** False while an instance may be missing notices (its listening connection is down): keep nothing meanwhile. */
  live(): boolean;
  /** `onNotice` for every notice; `onMissed` when notices may have been missed (the connection dropped, and again once listening anew). */
  subscribe(onNotice: (notice: string) => void, onMissed: () => void): void;
  close(): Promise<void>;
};

/** Where the listener's connection problems are told (the platform's log; db sits below lib). */
type Warnings = { warn(fields: object, message: string): void };

/** First wait before listening again after the connection dropped; doubled up to the second one. */
const RECONNECT_MS = 100;
const RECONNECT_MAX_MS = 2000;

/** Hears every instance's notices (PostgreSQL: a connection of its own, LISTEN; SQLite: this process's bus). */
export async function listenForChanges(databaseUrl: string, log: Warnings): Promise<ChangeListener> {
  const noticeHandlers: ((notice: string) => void)[] = [];
  const missedHandlers: (() => void)[] = [];
  const deliver = (notice: string) => {
    for (const handler of noticeHandlers) handler(notice);
  };
  const missed = () => {
    for (const handler of missedHandlers) handler();
  };
  processBus.on('notice', deliver);
  const subscribe = (onNotice: (notice: string) => void, onMissed: () => void) => {
    noticeHandlers.push(onNotice);
    missedHandlers.push(onMissed);
  };
  if (!databaseUrl.startsWith('postgres')) {
    return {
      live: () => true,
      subscribe,
      close: async () => {
        processBus.off('notice', deliver);
      },
    };
  }

  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let wait = RECONNECT_MS;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    client = next;
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      listening = false;
      missed();
      next.removeAllListeners('notification');
      if (!closed) {
        retry = setTimeout(() => void connect(), wait);
        wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      }
    };
    // A connection ended by the server or the network: whatever was kept may have missed notices.
    next.on('error', (error) => {
      log.warn({ err: error.message }, 'The change notices connection failed; listening again.');
      drop();
    });
    next.on('end', drop);
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) deliver(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      listening = true;
      wait = RECONNECT_MS;
      // Notices sent while nobody listened are lost: forget what was kept before listening again.
      missed();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'Could not listen for change notices; trying again.');
      void next.end().catch(() => undefined);
      drop();
    }
  };
  await connect();
  return {
    live: () => listening,
    subscribe,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      processBus.off('notice', deliver);
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
