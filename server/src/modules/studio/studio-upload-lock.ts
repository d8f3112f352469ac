import type { Lock, Locker, RequestRelease } from '@tus/server';
import type { Db } from '../../db/client.ts';
import { tryHoldUploadLock } from './studio.queries.ts';

/** How long a request waits for an upload another request is writing before it is refused (423: tus clients retry). */
const WAIT_MS = 3000;
const RETRY_MS = 100;

/** The advisory lock's second key: the upload id's first 32 bits (ids are 32 random hex digits). */
export const uploadLockKey = (id: string) => Number.parseInt(id.slice(0, 8), 16) | 0;

/**
 * tus's Locker across app instances (PostgreSQL): each tus request on an upload (HEAD, PATCH) holds the upload's
 * advisory lock (tryHoldUploadLock), so two instances never write one upload at once. A request that finds it held
 * waits up to WAIT_MS and is then refused (`refusal`, a 423); when the holder is a request of this instance, it is asked to
 * stop first (tus's rule: a client that comes back after a broken connection replaces its own stale request).
 */
export function createUploadLocker(db: Db, refusal: () => unknown): Locker {
  const holders = new Map<string, RequestRelease>();
  return {
    newLock(id: string): Lock {
      let release: (() => Promise<void>) | null = null;
      return {
        async lock(signal, cancelRequest) {
          const deadline = Date.now() + WAIT_MS;
          for (;;) {
            release = await tryHoldUploadLock(db, uploadLockKey(id));
            if (release) {
              holders.set(id, cancelRequest);
              return;
            }
            await holders.get(id)?.();
            if (signal.aborted || Date.now() >= deadline) throw refusal();
            await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          }
        },
        async unlock() {
          if (!release) return;
          holders.delete(id);
          await release();
          release = null;
        },
      };
    },
  };
}
