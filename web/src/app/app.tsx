import { AppRoutes } from './app-routes.tsx';
import { AppProviders } from './providers.tsx';
import { SessionGuard } from './session-guard.tsx';

export function App() {
  return (
    <AppProviders>
      <SessionGuard />
      <AppRoutes />
    </AppProviders>
  );
}
