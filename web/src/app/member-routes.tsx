import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { AccountDeletePage } from '../features/account/pages/account-delete-page.tsx';
import { AccountEditPage } from '../features/account/pages/account-edit-page.tsx';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AchievementsPage } from '../features/achievements/pages/achievements-page.tsx';
import { VerifyPage } from '../features/achievements/pages/verify-page.tsx';
import { AcceptInvitationPage } from '../features/auth/pages/accept-invitation-page.tsx';
import { AccountChangePasswordPage } from '../features/auth/pages/account-change-password-page.tsx';
import { ForcedChangePasswordPage } from '../features/auth/pages/forced-change-password-page.tsx';
import { LogoutPage } from '../features/auth/pages/logout-page.tsx';
import { AddTeamMemberPage } from '../features/billing/pages/add-team-member-page.tsx';
import { BillingPage } from '../features/billing/pages/billing-page.tsx';
import { PayPerViewPage } from '../features/billing/pages/pay-per-view-page.tsx';
import { PaymentOptionsPage } from '../features/billing/pages/payment-options-page.tsx';
import { PlansPage } from '../features/billing/pages/plans-page.tsx';
import { SubscriptionPage } from '../features/billing/pages/subscription-page.tsx';
import { SuccessPaymentPage } from '../features/billing/pages/success-payment-page.tsx';
import { CategoryPage } from '../features/catalog/pages/category-page.tsx';
import { ExpertPage } from '../features/catalog/pages/expert-page.tsx';
import { ExpertsPage } from '../features/catalog/pages/experts-page.tsx';
import { SubCategoryPage } from '../features/catalog/pages/sub-category-page.tsx';
import { TrailerPage } from '../features/catalog/pages/trailer-page.tsx';
import { VideoPage } from '../features/catalog/pages/video-page.tsx';
import { ViewAllPage } from '../features/catalog/pages/view-all-page.tsx';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { LibraryPage } from '../features/dashboard/pages/library-page.tsx';
import { FirstLoginPage } from '../features/home/pages/first-login-page.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { SuperUserOnly } from '../features/organization/components/super-user-only.tsx';
import { CreateTeamPage } from '../features/organization/pages/create-team-page.tsx';
import { EditOrganizationPage } from '../features/organization/pages/edit-organization-page.tsx';
import { EditTeamsPage } from '../features/organization/pages/edit-teams-page.tsx';
import { LearningPathCreatorPage } from '../features/organization/pages/learning-path-creator-page.tsx';
import { ManageOrganizationPage } from '../features/organization/pages/manage-organization-page.tsx';
import { ManageUsersPage } from '../features/organization/pages/manage-users-page.tsx';
import { TeamFormPage } from '../features/organization/pages/team-form-page.tsx';
import { TeamOverviewPage } from '../features/organization/pages/team-overview-page.tsx';
import { InfoPage } from '../features/public/pages/info-page.tsx';
import { VersionPage } from '../features/public/pages/version-page.tsx';
import { ShareEmailsPage } from '../features/sharing/pages/share-emails-page.tsx';
import { WatchSharedPage } from '../features/sharing/pages/watch-shared-page.tsx';
import { MemberLayout } from './layouts/member-layout.tsx';

/** Signed-in routes (member spec, section 2); /login and anything unknown go to /home. */
export function MemberRoutes() {
  return (
    <Routes>
      <Route element={<MemberLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.achievements} element={<AchievementsPage />} />
        <Route path={paths.firstLogin} element={<FirstLoginPage />} />
        <Route path={paths.verifyCertificate} element={<VerifyPage />} />
        <Route path={paths.account.root} element={<AccountPage />} />
        <Route path={paths.account.edit} element={<AccountEditPage />} />
        <Route path={paths.account.changePassword} element={<AccountChangePasswordPage />} />
        <Route path={paths.account.delete} element={<AccountDeletePage />} />
        <Route path={paths.forcedChangePassword} element={<ForcedChangePasswordPage />} />
        <Route path={paths.page} element={<InfoPage />} />
        <Route path={paths.version} element={<VersionPage />} />
        <Route path={paths.shareEmails} element={<ShareEmailsPage />} />
        <Route path={paths.watchShared} element={<WatchSharedPage />} />
        <Route element={<SuperUserOnly />}>
          <Route path={paths.manageOrganization} element={<ManageOrganizationPage />} />
          <Route path={paths.organization.edit} element={<EditOrganizationPage />} />
          <Route path={paths.organization.createTeam} element={<CreateTeamPage />} />
          <Route path={paths.organization.editTeams} element={<EditTeamsPage />} />
          <Route path={paths.organization.teamForm} element={<TeamFormPage />} />
          <Route path={paths.organization.teamOverview} element={<TeamOverviewPage />} />
          <Route path={paths.organization.learningPathCreator} element={<LearningPathCreatorPage />} />
          <Route path={paths.manageTeam} element={<ManageUsersPage />} />
          <Route path={paths.dashboard} element={<DashboardPage />} />
          <Route path={paths.library} element={<LibraryPage />} />
        </Route>
        <Route path={paths.plans} element={<PlansPage />} />
        <Route path={paths.billing} element={<BillingPage />} />
        <Route path={paths.successPayment} element={<SuccessPaymentPage />} />
        <Route path={paths.addTeamMember} element={<AddTeamMemberPage />} />
        <Route path={paths.payPerView} element={<PayPerViewPage />} />
        <Route path={paths.paymentOptions} element={<PaymentOptionsPage />} />
        <Route path={paths.subscription} element={<SubscriptionPage />} />
        <Route path={paths.acceptInvitation} element={<AcceptInvitationPage />} />
        <Route path={paths.category} element={<CategoryPage />} />
        <Route path={paths.subCategory} element={<SubCategoryPage />} />
        <Route path={paths.viewAll} element={<ViewAllPage />} />
        <Route path={paths.experts} element={<ExpertsPage />} />
        <Route path={paths.expert} element={<ExpertPage />} />
      </Route>
      {/* Players take the whole window: no header, footer or quick menu. */}
      <Route path={paths.video} element={<VideoPage />} />
      <Route path={paths.trailer} element={<TrailerPage />} />
      <Route path={paths.logout} element={<LogoutPage />} />
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
