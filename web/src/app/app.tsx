import { AppRoutes } from './app-routes.tsx';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';
import { AppProviders } from './providers.tsx';
import { SessionGuard } from './session-guard.tsx';

export function App() {
  return (
    <AppProviders>
      <SessionGuard />
      <EmailConfirmationNotice />
      <AppRoutes />
    </AppProviders>
  );
}
