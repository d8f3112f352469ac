import { ModalsProvider } from '@mantine/modals';
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
  CategoryCheckAuthorPage,
  CategoryCheckResultsPage,
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
  TakeCategoryCheckPage,
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

/**
 * Signed-in routes (member spec, section 2); /login and anything unknown go to /home. The dialogs opened with
 * `modals.open*` live here: they never outlive the session (signing out unmounts them) and their code stays off a
 * visitor's first page.
 */
export function MemberRoutes() {
  return (
    <ModalsProvider>
      <Routes>
        <Route element={<MemberLayout />}>
          <Route path={paths.home} element={titled('home', <HomePage />)} />
          <Route path={paths.achievements} element={titled('certificates', <AchievementsPage />)} />
          <Route path={paths.verifyCertificate} element={titled('verify', <VerifyPage />)} />
          <Route path={paths.forcedChangePassword} element={titled('forcedChangePassword', <ForcedChangePasswordPage />)} />
          <Route path={paths.page} element={titled('information', <InfoPage />)} />
          <Route path={paths.version} element={titled('version', <VersionPage />)} />
          <Route path={paths.watchShared} element={titled('sharedVideo', <WatchSharedPage />)} />
          {/* Account, billing and sharing are not for a shared kiosk (the server refuses their calls to a kiosk session too). */}
          <Route element={<NotOnKiosk />}>
            <Route path={paths.firstLogin} element={titled('welcome', <FirstLoginPage />)} />
            <Route path={paths.account.root} element={titled('account', <AccountPage />)} />
            <Route path={paths.account.edit} element={titled('editProfile', <AccountEditPage />)} />
            <Route path={paths.account.changePassword} element={titled('changePassword', <AccountChangePasswordPage />)} />
            <Route path={paths.account.delete} element={titled('deleteAccount', <AccountDeletePage />)} />
            <Route path={paths.account.kioskPin} element={titled('accountKioskPin', <KioskPinPage />)} />
            <Route path={paths.shareEmails} element={titled('shareVideo', <ShareEmailsPage />)} />
            <Route path={paths.plans} element={titled('plans', <PlansPage />)} />
            <Route path={paths.billing} element={titled('billing', <BillingPage />)} />
            <Route path={paths.successPayment} element={titled('payment', <SuccessPaymentPage />)} />
            <Route path={paths.addTeamMember} element={titled('addTeamMembers', <AddTeamMemberPage />)} />
            <Route path={paths.payPerView} element={titled('payPerView', <PayPerViewPage />)} />
            <Route path={paths.paymentOptions} element={titled('paymentOptions', <PaymentOptionsPage />)} />
            <Route path={paths.subscription} element={titled('subscription', <SubscriptionPage />)} />
          </Route>
          <Route element={<SuperUserOnly />}>
            <Route path={paths.manageOrganization} element={titled('manageOrganization', <ManageOrganizationPage />)} />
            <Route path={paths.organization.edit} element={titled('editOrganization', <EditOrganizationPage />)} />
            <Route path={paths.organization.createTeam} element={titled('createTeam', <CreateTeamPage />)} />
            <Route path={paths.organization.editTeams} element={titled('teams', <EditTeamsPage />)} />
            <Route path={paths.organization.teamForm} element={titled('editTeam', <TeamFormPage />)} />
            <Route path={paths.organization.teamOverview} element={titled('teamOverview', <TeamOverviewPage />)} />
            <Route path={paths.organization.learningPathCreator} element={titled('learningPathCreator', <LearningPathCreatorPage />)} />
            <Route path={paths.manageTeam} element={titled('manageUsers', <ManageUsersPage />)} />
            <Route path={paths.importPeople} element={titled('importPeople', <PeopleImportPage />)} />
            <Route path={paths.dashboard} element={titled('dashboard', <DashboardPage />)} />
            <Route path={paths.library} element={titled('library', <LibraryPage />)} />
            <Route path={paths.organization.kiosks} element={titled('kiosks', <KiosksAdminPage />)} />
            <Route path={paths.organization.provisioning} element={titled('provisioning', <ProvisioningPage />)} />
            <Route path={paths.organization.integrations} element={titled('integrations', <IntegrationsPage />)} />
            <Route path={paths.organization.qrCodes} element={titled('qrCodes', <QrCodesPage />)} />
            <Route path={paths.organization.sso} element={titled('sso', <SsoSettingsPage />)} />
            <Route path={paths.qualifications.newStation} element={titled('newStation', <StationPage />)} />
            <Route path={paths.qualifications.newTraining} element={titled('newTraining', <NewTrainingPage />)} />
            <Route path={paths.qualifications.station} element={titled('station', <StationPage />)} />
            <Route path={paths.qualifications.verify} element={titled('verifyEvidence', <VerifyEvidencePage />)} />
            <Route path={paths.assessments.author} element={titled('checkQuestions', <CheckAuthorPage />)} />
            <Route path={paths.assessments.results} element={titled('checkResults', <CheckResultsPage />)} />
            <Route path={paths.assessments.authorCategory} element={titled('categoryCheck', <CategoryCheckAuthorPage />)} />
            <Route path={paths.assessments.categoryResults} element={titled('checkResults', <CategoryCheckResultsPage />)} />
          </Route>
          <Route path={paths.qualifications.root} element={titled('qualifications', <QualificationsPage />)} />
          {/* Super users and station trainers lead toolbox talks (the server answers 403 to anyone else). */}
          <Route path={paths.assessments.take} element={titled('check', <TakeCheckPage />)} />
          <Route path={paths.assessments.takeCategory} element={titled('check', <TakeCategoryCheckPage />)} />
          <Route path={paths.toolbox} element={titled('toolbox', <ToolboxPage />)} />
          {/* Authors and super users make the organization's own lessons (the server answers 403 to anyone else). */}
          <Route path={paths.studio} element={titled('studio', <StudioPage />)} />
          <Route path={paths.ourLessons} element={titled('ourLessons', <OurLessonsPage />)} />
          {/* What a station's QR label opens, for any signed-in member of the organization. */}
          <Route path={paths.stationFloor} element={titled('stationCheck', <StationFloorPage />)} />
          {/* Super users, and trainers for the people they sign off. */}
          <Route path={paths.qualifications.person} element={titled('personQualifications', <PersonQualificationsPage />)} />
          <Route path={paths.acceptInvitation} element={titled('acceptInvitation', <AcceptInvitationPage />)} />
          <Route path={paths.confirmEmail} element={titled('confirmEmail', <ConfirmEmailPage />)} />
          <Route path={paths.category} element={titled('category', <CategoryPage />)} />
          <Route path={paths.subCategory} element={titled('videos', <SubCategoryPage />)} />
          <Route path={paths.viewAll} element={titled('videos', <ViewAllPage />)} />
          <Route path={paths.experts} element={titled('experts', <ExpertsPage />)} />
          <Route path={paths.expert} element={titled('expert', <ExpertPage />)} />
          {/* The search page titles itself after the words searched. */}
          <Route path={paths.search} element={<SearchPage />} />
        </Route>
        {/* Players take the whole window: no header, footer or quick menu. */}
        <Route element={<KioskIdleOutlet />}>
          <Route path={paths.video} element={titled('video', <VideoPage />)} />
          <Route path={paths.trailer} element={titled('trailer', <TrailerPage />)} />
        </Route>
        <Route path={paths.logout} element={titled('signOut', <LogoutPage />)} />
        <Route path="*" element={<AfterSignIn />} />
      </Routes>
    </ModalsProvider>
  );
}

/**
 * Anything unknown goes home, except right after a sign-in from a scanned label: the session's first render still
 * shows /login, whose remembered page (lib/scan-return.ts) is where the sign-in continues.
 */
function AfterSignIn() {
  return <Navigate to={scanReturnPath(useLocation().state) ?? paths.home} replace />;
}
