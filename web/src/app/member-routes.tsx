import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { AccountDeletePage } from '../features/account/pages/account-delete-page.tsx';
import { AccountEditPage } from '../features/account/pages/account-edit-page.tsx';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AccountChangePasswordPage } from '../features/auth/pages/account-change-password-page.tsx';
import { ForcedChangePasswordPage } from '../features/auth/pages/forced-change-password-page.tsx';
import { LogoutPage } from '../features/auth/pages/logout-page.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { InfoPage } from '../features/public/pages/info-page.tsx';
import { VersionPage } from '../features/public/pages/version-page.tsx';
import { MemberLayout } from './layouts/member-layout.tsx';

/** Signed-in routes (member spec, section 2); /login and anything unknown go to /home. */
export function MemberRoutes() {
  return (
    <Routes>
      <Route element={<MemberLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.account.root} element={<AccountPage />} />
        <Route path={paths.account.edit} element={<AccountEditPage />} />
        <Route path={paths.account.changePassword} element={<AccountChangePasswordPage />} />
        <Route path={paths.account.delete} element={<AccountDeletePage />} />
        <Route path={paths.forcedChangePassword} element={<ForcedChangePasswordPage />} />
        <Route path={paths.page} element={<InfoPage />} />
        <Route path={paths.version} element={<VersionPage />} />
      </Route>
      <Route path={paths.logout} element={<LogoutPage />} />
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
