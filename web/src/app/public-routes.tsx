import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import {
  AcceptInvitationPage,
  AfterSignOut,
  ForgotPasswordPage,
  InfoPage,
  LandingPage,
  LoginPage,
  PublicPlansPage,
  RegisterPage,
  ResetPasswordPage,
  VerifyPage,
  VersionPage,
  WatchSharedPage,
} from './pages.ts';

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
        <Route path={paths.plans} element={<PublicPlansPage />} />
        <Route path={paths.logout} element={<AfterSignOut />} />
        <Route path={paths.verifyCertificate} element={<VerifyPage />} />
        <Route path={paths.watchShared} element={<WatchSharedPage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.login} replace />} />
    </Routes>
  );
}
