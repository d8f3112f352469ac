import { type RouteAnswer, type RouteDefinition, type RouteInput, routes, urlOf, type WireInput } from '@mm/contract';
import { useSyncExternalStore } from 'react';
import { type ApiAnswer, ApiError, postQueuedWrite } from './api-client.ts';
import { getSession, type Session, useSession } from './session.ts';

/**
 * Writes made without a network (issue 17): watch reports, likes and My List presses, kept durably in IndexedDB
 * until the network returns, then replayed in order. Each write carries its own id (`request_id`): the server applies
 * an id once, so a replay after a lost answer changes nothing more. The queue is per person (issue 34): each write
 * keeps the person and the token it was made under and is sent with that token only, never with whoever is signed in
 * when the network returns; a sign-out made without a network waits here too, after that person's writes, so their
 * session ends on the server once those are delivered.
 */

/** What a change made offline says: it is kept and goes out later. */
export const OFFLINE_SAVED = 'Saved on this device: it is sent when the network returns.';

/** `body` null: the sign-out (it takes none). */
export type QueuedWrite = { id: string; path: string; token: string; user_id: number; body: Record<string, unknown> | null; queued_at: number };

const DB_NAME = 'mm-offline';
const STORE = 'writes';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// Whose changes wait (what the banner counts for the person signed in): updated after every change, read synchronously by React.
let pendingOwners: readonly number[] = [];
const listeners = new Set<() => void>();
const publish = (owners: number[]) => {
  pendingOwners = owners;
  for (const listener of listeners) listener();
};

const allWrites = () => run('readonly', (store) => store.getAll() as IDBRequest<QueuedWrite[]>);

async function refreshCount(): Promise<void> {
  publish((await allWrites()).filter((write) => write.body !== null).map((write) => write.user_id));
}

/** 128 random bits in hex (crypto.randomUUID needs a secure context; a plant may serve the app over plain http). */
export const newWriteId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A write the queue can keep: a POST whose body carries its `request_id` (its path parameters, if any, filled in when it is made). */
type QueueableRoute = RouteDefinition & { method: 'POST'; body: NonNullable<RouteDefinition['body']>; query?: undefined };

/**
 * How a write goes: `keepalive` for a page being left; `requestId` to send it under an id the caller keeps (a check's
 * submission asks again under the same id for its result).
 */
type SendOptions = { keepalive?: boolean; requestId?: string };
type Answer<R extends QueueableRoute> = Promise<ApiAnswer<RouteAnswer<R>> | null>;
type Body<R extends QueueableRoute> = Omit<WireInput<R['body']>, 'request_id'>;

/**
 * Sends a write with its own id; without a network it waits in the queue instead and the answer is null (the
 * caller shows the change as made, or says it waits). A route with path parameters names them in `params`.
 */
export function sendOrQueue<const R extends QueueableRoute & { params?: undefined }>(route: R, body: Body<R>, options?: SendOptions): Answer<R>;
export function sendOrQueue<const R extends QueueableRoute & { params: NonNullable<RouteDefinition['params']> }>(
  route: R,
  body: Body<R>,
  options: SendOptions & { params: NonNullable<RouteInput<R>['params']> },
): Answer<R>;
export async function sendOrQueue<const R extends QueueableRoute>(
  route: R,
  body: Body<R>,
  options: SendOptions & { params?: Record<string, string | number> } = {},
): Answer<R> {
  const { keepalive = false, requestId, params } = options;
  const path = urlOf(route, { params });
  const id = requestId ?? newWriteId();
  const json = { ...body, request_id: id };
  const session = getSession();
  const canQueue = session !== null && typeof indexedDB !== 'undefined';
  const queue = async () => {
    await keep({ id, path, token: session?.accessToken as string, user_id: session?.userId as number, body: json, queued_at: Date.now() });
    return null;
  };
  // Known offline: straight to the queue (the page may be closing: no time to lose on a request that will fail).
  if (canQueue && !navigator.onLine) return queue();
  try {
    return await postQueuedWrite<RouteAnswer<R>>(path, json, { keepalive, accessToken: session?.accessToken });
  } catch (error) {
    if (canQueue && error instanceof ApiError && error.status === 0) {
      // The browser thinks it is online but the server did not answer: no 'online' event will come to replay it.
      const queued = await queue();
      retryLater();
      return queued;
    }
    throw error;
  }
}

async function keep(write: QueuedWrite): Promise<void> {
  await run('readwrite', (store) => store.put(write));
  await refreshCount();
}

/** What a replay found: sent (or refused for good: dropped), or the server not reachable (kept for later). */
type ReplayOutcome = 'done' | 'unreachable';

async function sendQueued(write: QueuedWrite): Promise<ReplayOutcome> {
  // Only ever with the token it was made under (an entry without one cannot be sent as its own person: dropped).
  if (!write.token) return 'done';
  try {
    await postQueuedWrite(write.path, write.body ?? undefined, { accessToken: write.token });
    return 'done';
  } catch (error) {
    // Not reachable: keep it. Any answer settles it: a refused session (401: that person's session ended meanwhile)
    // drops the write, and the app's own session is left alone (api-client ends only the session it holds).
    return error instanceof ApiError && error.status === 0 ? 'unreachable' : 'done';
  }
}

let replaying: Promise<number> | null = null;
let askedAgain = false;

/** Called after a replay delivered something (the screens read their data again). */
const sentListeners = new Set<() => void>();
export function onWritesSent(listener: () => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/**
 * The wait before trying again while the browser says it is online but the server does not answer (shop-floor Wi-Fi
 * that drops without the browser noticing, a server restarting, or a network back before its 'online' event): 2 s,
 * doubling, at most a minute.
 */
export function retryDelay(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** attempt);
}
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempt = 0;
function retryLater(): void {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    // Offline by then: the 'online' event replays (useOfflineSync).
    if (navigator.onLine) void replayWrites().catch(() => undefined);
  }, retryDelay(retryAttempt++));
}

/**
 * Replays every queued write, oldest first, each with its own person's token, stopping at the first that cannot reach
 * the server; answers how many went. Asked while a replay runs, it runs once more after it (a write queued meanwhile).
 */
function replay(): Promise<number> {
  if (replaying) {
    askedAgain = true;
    return replaying;
  }
  replaying = (async () => {
    try {
      let sent = 0;
      do {
        askedAgain = false;
        for (const write of (await allWrites()).sort((a, b) => a.queued_at - b.queued_at)) {
          if ((await sendQueued(write)) === 'unreachable') {
            retryLater();
            return sent;
          }
          await run('readwrite', (store) => store.delete(write.id));
          sent++;
        }
      } while (askedAgain);
      retryAttempt = 0;
      return sent;
    } finally {
      replaying = null;
      await refreshCount().catch(() => undefined);
    }
  })();
  return replaying;
}

/** A replay whose deliveries the screens hear of (onWritesSent); a sign-out's own replay tells none. */
export async function replayWrites(): Promise<number> {
  const sent = await replay();
  if (sent > 0) for (const listener of sentListeners) listener();
  return sent;
}

/**
 * Ends a session on the server through the queue: after the person's waiting writes (sent first with their token), now
 * or, without a network, once it returns. Without IndexedDB, straight to the server.
 */
export async function endSessionOnServer(session: Session): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    await postQueuedWrite(routes.logout.path, undefined, { accessToken: session.accessToken });
    return;
  }
  await keep({ id: newWriteId(), path: routes.logout.path, token: session.accessToken, user_id: session.userId, body: null, queued_at: Date.now() });
  await replay();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many of the signed-in person's writes wait for the network (another person's on a shared tablet are theirs). */
export function usePendingWrites(): number {
  const userId = useSession()?.userId;
  const owners = useSyncExternalStore(subscribe, () => pendingOwners);
  return owners.filter((owner) => owner === userId).length;
}

/** Reads the count once at start (writes may wait from an earlier visit). */
export function loadPendingWrites(): void {
  if (typeof indexedDB !== 'undefined') void refreshCount().catch(() => undefined);
}
