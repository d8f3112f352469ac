import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { SuperUserOnly } from '../features/organization/components/super-user-only.tsx';
import { MemberLayout } from './layouts/member-layout.tsx';
import {
  AcceptInvitationPage,
  AccountChangePasswordPage,
  AccountDeletePage,
  AccountEditPage,
  AccountPage,
  AchievementsPage,
  AddTeamMemberPage,
  BillingPage,
  CategoryPage,
  CreateTeamPage,
  DashboardPage,
  EditOrganizationPage,
  EditTeamsPage,
  ExpertPage,
  ExpertsPage,
  FirstLoginPage,
  ForcedChangePasswordPage,
  HomePage,
  InfoPage,
  LearningPathCreatorPage,
  LibraryPage,
  LogoutPage,
  ManageOrganizationPage,
  ManageUsersPage,
  PaymentOptionsPage,
  PayPerViewPage,
  PlansPage,
  SearchPage,
  ShareEmailsPage,
  SubCategoryPage,
  SubscriptionPage,
  SuccessPaymentPage,
  TeamFormPage,
  TeamOverviewPage,
  TrailerPage,
  VerifyPage,
  VersionPage,
  VideoPage,
  ViewAllPage,
  WatchSharedPage,
} from './pages.ts';

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
        <Route path={paths.search} element={<SearchPage />} />
      </Route>
      {/* Players take the whole window: no header, footer or quick menu. */}
      <Route path={paths.video} element={<VideoPage />} />
      <Route path={paths.trailer} element={<TrailerPage />} />
      <Route path={paths.logout} element={<LogoutPage />} />
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
