import { useSyncExternalStore } from 'react';

/**
 * Watch reports made without a network (issue 17), kept durably in IndexedDB until the network returns, then
 * replayed in order with their own ids (`report_id`: the server counts an id once, so a replay after a lost answer
 * is applied once). Each keeps the token it was made under: a shared tablet replays each person's own reports.
 */

export type QueuedReport = { report_id: string; path: string; token: string; body: Record<string, unknown>; queued_at: number };

const DB_NAME = 'mm-offline';
const STORE = 'reports';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'report_id' });
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

export async function queueReport(report: QueuedReport): Promise<void> {
  await run('readwrite', (store) => store.put(report));
  await refreshCount();
}

/** What the server answered a replay: sent (or refused for good: dropped), or not reachable (kept for later). */
export type ReplayOutcome = 'done' | 'unreachable';

let replaying: Promise<void> | null = null;

/** Replays every queued report, oldest first, stopping at the first that cannot reach the server. */
export function replayReports(send: (report: QueuedReport) => Promise<ReplayOutcome>): Promise<void> {
  replaying ??= (async () => {
    try {
      const reports = (await run('readonly', (store) => store.getAll() as IDBRequest<QueuedReport[]>)).sort((a, b) => a.queued_at - b.queued_at);
      for (const report of reports) {
        if ((await send(report)) === 'unreachable') break;
        await run('readwrite', (store) => store.delete(report.report_id));
      }
      await refreshCount();
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

/** How many watch reports wait for the network. */
export function usePendingReports(): number {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Reads the count once at start (reports may wait from an earlier visit). */
export function loadPendingReports(): void {
  if (typeof indexedDB !== 'undefined') void refreshCount().catch(() => undefined);
}
