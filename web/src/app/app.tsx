import { LocaleSync } from '../lib/locale-choice.ts';
import { useOfflineSync } from '../lib/offline-sync.ts';
import { AppRoutes } from './app-routes.tsx';
import { AppProviders } from './providers.tsx';
import { SessionGuard } from './session-guard.tsx';

/** Replays watch reports queued offline, inside the providers (it refreshes the queries). */
function OfflineSync() {
  useOfflineSync();
  return null;
}

export function App() {
  return (
    <AppProviders>
      <OfflineSync />
      <SessionGuard />
      <LocaleSync />
      <AppRoutes />
    </AppProviders>
  );
}
