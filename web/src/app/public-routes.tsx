import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { VerifyPage } from '../features/achievements/pages/verify-page.tsx';
import { AcceptInvitationPage } from '../features/auth/pages/accept-invitation-page.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { InfoPage } from '../features/public/pages/info-page.tsx';
import { LandingPage } from '../features/public/pages/landing-page.tsx';
import { VersionPage } from '../features/public/pages/version-page.tsx';
import { WatchSharedPage } from '../features/sharing/pages/watch-shared-page.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';

/** Signed-out routes (member spec, section 2); anything else goes to /login. */
export function PublicRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.landing} element={<LandingPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.register} element={<RegisterPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.acceptInvitation} element={<AcceptInvitationPage />} />
        <Route path={paths.page} element={<InfoPage />} />
        <Route path={paths.version} element={<VersionPage />} />
        <Route path={paths.verifyCertificate} element={<VerifyPage />} />
        <Route path={paths.watchShared} element={<WatchSharedPage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.login} replace />} />
    </Routes>
  );
}
