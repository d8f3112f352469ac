import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { loadPendingWrites, replayWrites } from './offline-queue.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/**
 * Replays the queued writes (watch reports, likes, My List) at start and whenever the network returns, then reads
 * every screen's data again (progress moves once the server has counted them).
 */
export function useOfflineSync(): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    loadPendingWrites();
  }, []);
  useEffect(() => {
    if (!online || typeof indexedDB === 'undefined') return;
    // Only when something went out: a start with an empty queue reads nothing twice.
    void replayWrites()
      .then((sent) => (sent > 0 ? queryClient.invalidateQueries() : undefined))
      .catch(() => undefined);
  }, [online, queryClient]);
}

/** Registers the offline service worker (built into /sw.js by the production build only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
