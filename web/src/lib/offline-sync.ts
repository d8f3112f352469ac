import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { loadPendingWrites, onWritesSent, replayWrites } from './offline-queue.ts';

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
 * Replays the queued writes (watch reports, likes, My List) at start and whenever the network returns (and, while the
 * server does not answer, again after a growing wait: offline-queue's retryDelay), then reads every screen's data
 * again once something went out (progress moves once the server has counted them).
 */
export function useOfflineSync(): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    loadPendingWrites();
    return onWritesSent(() => void queryClient.invalidateQueries());
  }, [queryClient]);
  useEffect(() => {
    if (!online || typeof indexedDB === 'undefined') return;
    void replayWrites().catch(() => undefined);
  }, [online]);
}

/** Registers the offline service worker (built into /sw.js by the production build only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
