import type { RouteAnswer, RouteDefinition, WireInput } from '@mm/contract';
import { useSyncExternalStore } from 'react';
import { type ApiAnswer, ApiError, postQueuedWrite } from './api-client.ts';
import { getSession } from './session.ts';

/**
 * Writes made without a network (issue 17): watch reports, likes and My List presses, kept durably in IndexedDB
 * until the network returns, then replayed in order. Each write carries its own id (`request_id`): the server applies
 * an id once, so a replay after a lost answer changes nothing more. Each keeps the token it was made under: a shared
 * tablet replays each person's own writes.
 */

/** What a change made offline says: it is kept and goes out later. */
export const OFFLINE_SAVED = 'Saved on this device: it is sent when the network returns.';

export type QueuedWrite = { id: string; path: string; token: string; body: Record<string, unknown>; queued_at: number };

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

// What the banner shows: updated after every change, read synchronously by React.
let pending = 0;
const listeners = new Set<() => void>();
const publish = (count: number) => {
  pending = count;
  for (const listener of listeners) listener();
};

async function refreshCount(): Promise<void> {
  publish(await run('readonly', (store) => store.count()));
}

/** 128 random bits in hex (crypto.randomUUID needs a secure context; a plant may serve the app over plain http). */
const newWriteId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A write the queue can keep: a POST whose body carries its `request_id`, without path parameters. */
type QueueableRoute = RouteDefinition & { method: 'POST'; body: NonNullable<RouteDefinition['body']>; params?: undefined };

/**
 * Sends a write with its own id; without a network it waits in the queue instead and the answer is null (the
 * caller shows the change as made).
 */
export async function sendOrQueue<const R extends QueueableRoute>(
  route: R,
  body: Omit<WireInput<R['body']>, 'request_id'>,
  { keepalive = false } = {},
): Promise<ApiAnswer<RouteAnswer<R>> | null> {
  const path = route.path;
  const id = newWriteId();
  const json = { ...body, request_id: id };
  const token = getSession()?.accessToken;
  const canQueue = token !== undefined && typeof indexedDB !== 'undefined';
  const queue = async () => {
    await run('readwrite', (store) => store.put({ id, path, token: token as string, body: json, queued_at: Date.now() } satisfies QueuedWrite));
    await refreshCount();
    return null;
  };
  // Known offline: straight to the queue (the page may be closing: no time to lose on a request that will fail).
  if (canQueue && !navigator.onLine) return queue();
  try {
    return await postQueuedWrite<RouteAnswer<R>>(path, json, { keepalive });
  } catch (error) {
    if (canQueue && error instanceof ApiError && error.status === 0) return queue();
    throw error;
  }
}

/** What a replay found: sent (or refused for good: dropped), or the server not reachable (kept for later). */
export type ReplayOutcome = 'done' | 'unreachable';

let replaying: Promise<number> | null = null;

/** Replays every queued write, oldest first, stopping at the first that cannot reach the server; answers how many went. */
export function replayWrites(send: (write: QueuedWrite) => Promise<ReplayOutcome>): Promise<number> {
  replaying ??= (async () => {
    try {
      const writes = (await run('readonly', (store) => store.getAll() as IDBRequest<QueuedWrite[]>)).sort((a, b) => a.queued_at - b.queued_at);
      let sent = 0;
      for (const write of writes) {
        if ((await send(write)) === 'unreachable') break;
        await run('readwrite', (store) => store.delete(write.id));
        sent++;
      }
      await refreshCount();
      return sent;
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many writes wait for the network. */
export function usePendingWrites(): number {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Reads the count once at start (writes may wait from an earlier visit). */
export function loadPendingWrites(): void {
  if (typeof indexedDB !== 'undefined') void refreshCount().catch(() => undefined);
}
