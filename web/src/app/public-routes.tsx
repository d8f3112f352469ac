import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { scanReturnState } from '../lib/scan-return.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import {
  AcceptInvitationPage,
  AccountSetupPage,
  AfterSignOut,
  ConfirmEmailPage,
  ForgotPasswordPage,
  InfoPage,
  KioskPage,
  KioskPracticalPage,
  LandingPage,
  LoginPage,
  PublicPlansPage,
  RegisterPage,
  ResetPasswordPage,
  SsoCallbackPage,
  VerifyPage,
  VersionPage,
  WatchSharedPage,
} from './pages.ts';
import { titled } from './titled-page.tsx';

// "Continue with your company account" comes a moment after the sign-in form, in a space of its button's height: the
// first script (the offline shell) must stay under its size budget (e2e/offline.e2e.ts).
const CompanyAccountSignIn = lazy(() => import('../features/sso/components/company-account-sign-in.tsx').then((m) => ({ default: m.CompanyAccountSignIn })));
const companyAccountSignIn = (
  <Suspense fallback={<Box h={36} />}>
    <CompanyAccountSignIn />
  </Suspense>
);

/** Signed-out routes (member spec, section 2); anything else goes to /login. */
export function PublicRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.landing} element={titled('landing', <LandingPage />)} />
        <Route path={paths.login} element={titled('signIn', <LoginPage />)}>
          {/* Shown inside the sign-in card (its Outlet): "Continue with your company account". */}
          <Route index element={companyAccountSignIn} />
        </Route>
        <Route path={paths.ssoCallback} element={titled('companySignIn', <SsoCallbackPage />)} />
        <Route path={paths.register} element={titled('register', <RegisterPage />)} />
        <Route path={paths.forgotPassword} element={titled('forgotPassword', <ForgotPasswordPage />)} />
        <Route path={paths.resetPassword} element={titled('resetPassword', <ResetPasswordPage />)} />
        <Route path={paths.acceptInvitation} element={titled('acceptInvitation', <AcceptInvitationPage />)} />
        <Route path={paths.accountSetup} element={titled('accountSetup', <AccountSetupPage />)} />
        <Route path={paths.confirmEmail} element={titled('confirmEmail', <ConfirmEmailPage />)} />
        <Route path={paths.page} element={titled('information', <InfoPage />)} />
        <Route path={paths.version} element={titled('version', <VersionPage />)} />
        <Route path={paths.plans} element={titled('plans', <PublicPlansPage />)} />
        <Route path={paths.logout} element={titled('signedOut', <AfterSignOut />)} />
        <Route path={paths.verifyCertificate} element={titled('verify', <VerifyPage />)} />
        <Route path={paths.watchShared} element={titled('sharedVideo', <WatchSharedPage />)} />
      </Route>
      {/* A shared kiosk takes the whole screen: no header or footer, big tap targets. */}
      <Route path={paths.kiosk} element={titled('kiosk', <KioskPage />)} />
      <Route path={paths.kioskPractical} element={titled('kioskPractical', <KioskPracticalPage />)} />
      <Route path="*" element={<SignInFirst />} />
    </Routes>
  );
}

/** Anything else asks for a sign-in; a scanned label's page is remembered to continue there. */
function SignInFirst() {
  return <Navigate to={paths.login} replace state={scanReturnState(useLocation().pathname)} />;
}
