import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SuperUserOnly } from '../components/super-user-only.tsx';
import { paths } from '../config/paths.ts';
import { KioskIdleOutlet } from '../features/kiosk/components/kiosk-session-bar.tsx';
import { NotOnKiosk } from '../features/kiosk/components/not-on-kiosk.tsx';
import { scanReturnPath } from '../lib/scan-return.ts';
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
  CheckAuthorPage,
  CheckResultsPage,
  ConfirmEmailPage,
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
  IntegrationsPage,
  KioskPinPage,
  KiosksAdminPage,
  LearningPathCreatorPage,
  LibraryPage,
  LogoutPage,
  ManageOrganizationPage,
  ManageUsersPage,
  NewTrainingPage,
  OurLessonsPage,
  PaymentOptionsPage,
  PayPerViewPage,
  PeopleImportPage,
  PersonQualificationsPage,
  PlansPage,
  ProvisioningPage,
  QrCodesPage,
  QualificationsPage,
  SearchPage,
  ShareEmailsPage,
  SsoSettingsPage,
  StationFloorPage,
  StationPage,
  StudioPage,
  SubCategoryPage,
  SubscriptionPage,
  SuccessPaymentPage,
  TakeCheckPage,
  TeamFormPage,
  TeamOverviewPage,
  ToolboxPage,
  TrailerPage,
  VerifyEvidencePage,
  VerifyPage,
  VersionPage,
  VideoPage,
  ViewAllPage,
  WatchSharedPage,
} from './pages.ts';
import { titled } from './titled-page.tsx';

/** Signed-in routes (member spec, section 2); /login and anything unknown go to /home. */
export function MemberRoutes() {
  return (
    <Routes>
      <Route element={<MemberLayout />}>
        <Route path={paths.home} element={titled((t) => t('titles.home'), <HomePage />)} />
        <Route path={paths.achievements} element={titled((t) => t('titles.certificates'), <AchievementsPage />)} />
        <Route path={paths.verifyCertificate} element={titled((t) => t('titles.verify'), <VerifyPage />)} />
        <Route path={paths.forcedChangePassword} element={titled('Change your password', <ForcedChangePasswordPage />)} />
        <Route path={paths.page} element={titled((t) => t('titles.information'), <InfoPage />)} />
        <Route path={paths.version} element={titled((t) => t('titles.version'), <VersionPage />)} />
        <Route path={paths.watchShared} element={titled('Shared video', <WatchSharedPage />)} />
        {/* Account, billing and sharing are not for a shared kiosk (the server refuses their calls to a kiosk session too). */}
        <Route element={<NotOnKiosk />}>
          <Route path={paths.firstLogin} element={titled('Welcome', <FirstLoginPage />)} />
          <Route path={paths.account.root} element={titled((t) => t('titles.account'), <AccountPage />)} />
          <Route path={paths.account.edit} element={titled('Edit profile', <AccountEditPage />)} />
          <Route path={paths.account.changePassword} element={titled('Change password', <AccountChangePasswordPage />)} />
          <Route path={paths.account.delete} element={titled('Delete account', <AccountDeletePage />)} />
          <Route path={paths.account.kioskPin} element={titled('Kiosk PIN', <KioskPinPage />)} />
          <Route path={paths.shareEmails} element={titled('Share a video', <ShareEmailsPage />)} />
          <Route path={paths.plans} element={titled('Plans', <PlansPage />)} />
          <Route path={paths.billing} element={titled('Billing details', <BillingPage />)} />
          <Route path={paths.successPayment} element={titled('Payment', <SuccessPaymentPage />)} />
          <Route path={paths.addTeamMember} element={titled('Add team members', <AddTeamMemberPage />)} />
          <Route path={paths.payPerView} element={titled('Pay per view', <PayPerViewPage />)} />
          <Route path={paths.paymentOptions} element={titled('Payment options', <PaymentOptionsPage />)} />
          <Route path={paths.subscription} element={titled('Subscription', <SubscriptionPage />)} />
        </Route>
        <Route element={<SuperUserOnly />}>
          <Route path={paths.manageOrganization} element={titled('Manage organization', <ManageOrganizationPage />)} />
          <Route path={paths.organization.edit} element={titled('Edit organization', <EditOrganizationPage />)} />
          <Route path={paths.organization.createTeam} element={titled('Create team', <CreateTeamPage />)} />
          <Route path={paths.organization.editTeams} element={titled('Teams', <EditTeamsPage />)} />
          <Route path={paths.organization.teamForm} element={titled('Edit team', <TeamFormPage />)} />
          <Route path={paths.organization.teamOverview} element={titled('Team overview', <TeamOverviewPage />)} />
          <Route path={paths.organization.learningPathCreator} element={titled('Learning path creator', <LearningPathCreatorPage />)} />
          <Route path={paths.manageTeam} element={titled('Manage users', <ManageUsersPage />)} />
          <Route path={paths.importPeople} element={titled((t) => t('people-import:title'), <PeopleImportPage />)} />
          <Route path={paths.dashboard} element={titled('Dashboard', <DashboardPage />)} />
          <Route path={paths.library} element={titled('Library', <LibraryPage />)} />
          <Route path={paths.organization.kiosks} element={titled('Kiosks', <KiosksAdminPage />)} />
          <Route path={paths.organization.provisioning} element={titled('Provisioning (SCIM)', <ProvisioningPage />)} />
          <Route path={paths.organization.integrations} element={titled('Integrations', <IntegrationsPage />)} />
          <Route path={paths.organization.qrCodes} element={titled('QR codes', <QrCodesPage />)} />
          <Route path={paths.organization.sso} element={titled('Single sign-on', <SsoSettingsPage />)} />
          <Route path={paths.qualifications.newStation} element={titled('New station', <StationPage />)} />
          <Route path={paths.qualifications.newTraining} element={titled('New required training', <NewTrainingPage />)} />
          <Route path={paths.qualifications.station} element={titled('Station', <StationPage />)} />
          <Route path={paths.qualifications.verify} element={titled('Verify evidence', <VerifyEvidencePage />)} />
          <Route path={paths.assessments.author} element={titled('Knowledge check questions', <CheckAuthorPage />)} />
          <Route path={paths.assessments.results} element={titled('Check results', <CheckResultsPage />)} />
        </Route>
        <Route path={paths.qualifications.root} element={titled('Qualifications', <QualificationsPage />)} />
        {/* Super users and station trainers lead toolbox talks (the server answers 403 to anyone else). */}
        <Route path={paths.assessments.take} element={titled('Knowledge check', <TakeCheckPage />)} />
        <Route path={paths.toolbox} element={titled((t) => t('titles.toolbox'), <ToolboxPage />)} />
        {/* Authors and super users make the organization's own lessons (the server answers 403 to anyone else). */}
        <Route path={paths.studio} element={titled('Studio', <StudioPage />)} />
        <Route path={paths.ourLessons} element={titled('Our lessons', <OurLessonsPage />)} />
        {/* What a station's QR label opens, for any signed-in member of the organization. */}
        <Route path={paths.stationFloor} element={titled('Station check', <StationFloorPage />)} />
        {/* Super users, and trainers for the people they sign off. */}
        <Route path={paths.qualifications.person} element={titled('Person qualifications', <PersonQualificationsPage />)} />
        <Route path={paths.acceptInvitation} element={titled('Accept invitation', <AcceptInvitationPage />)} />
        <Route path={paths.confirmEmail} element={titled('Confirm your e-mail address', <ConfirmEmailPage />)} />
        <Route path={paths.category} element={titled((t) => t('titles.category'), <CategoryPage />)} />
        <Route path={paths.subCategory} element={titled((t) => t('titles.videos'), <SubCategoryPage />)} />
        <Route path={paths.viewAll} element={titled((t) => t('titles.videos'), <ViewAllPage />)} />
        <Route path={paths.experts} element={titled((t) => t('titles.experts'), <ExpertsPage />)} />
        <Route path={paths.expert} element={titled((t) => t('titles.expert'), <ExpertPage />)} />
        {/* The search page titles itself after the words searched. */}
        <Route path={paths.search} element={<SearchPage />} />
      </Route>
      {/* Players take the whole window: no header, footer or quick menu. */}
      <Route element={<KioskIdleOutlet />}>
        <Route path={paths.video} element={titled((t) => t('titles.video'), <VideoPage />)} />
        <Route path={paths.trailer} element={titled((t) => t('titles.trailer'), <TrailerPage />)} />
      </Route>
      <Route path={paths.logout} element={titled('Sign out', <LogoutPage />)} />
      <Route path="*" element={<AfterSignIn />} />
    </Routes>
  );
}

/**
 * Anything unknown goes home, except right after a sign-in from a scanned label: the session's first render still
 * shows /login, whose remembered page (lib/scan-return.ts) is where the sign-in continues.
 */
function AfterSignIn() {
  return <Navigate to={scanReturnPath(useLocation().state) ?? paths.home} replace />;
}
