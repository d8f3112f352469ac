import { z } from 'zod';
import { profileData, subProfilesData, updateProfileRequest, userInfoData, userInfoRequest } from './account.ts';
import {
  changePasswordRequest,
  confirmEmailData,
  confirmEmailRequest,
  confirmEmailStateData,
  forgotPasswordRequest,
  loginRequest,
  registerData,
  registerRequest,
  resetPasswordRequest,
  sessionData,
} from './auth.ts';
import {
  acceptInvitationRequest,
  cancelSubscriptionRequest,
  checkoutData,
  checkoutRequest,
  confirmPaymentData,
  confirmPaymentRequest,
  paymentState,
  registerMembersData,
  registerMembersRequest,
  salesInquiryRequest,
  subscriptionPlan,
  subscriptionRecord,
} from './billing.ts';
import {
  categoryData,
  categoryRequest,
  categoryVideosData,
  contactExpertRequest,
  expertDetailData,
  expertsData,
  homeSectionData,
  homeSectionRequest,
  lastVideoData,
  likeData,
  likeRequest,
  organizationCategoriesData,
  organizationCategoriesQuery,
  seeAllData,
  seeAllRequest,
  subCategoryVideosData,
  subCategoryVideosRequest,
  suggestionsData,
  teamSettingsData,
  videoDetail,
  videoRequest,
  videoSecondData,
  watchData,
  watchedCountData,
  watchedCountQuery,
  watchRequest,
  wishlistData,
  wishlistRequest,
} from './catalog.ts';
import {
  alertsData,
  alertsQuery,
  broadcastData,
  broadcastRequest,
  complianceData,
  dashboardScopeQuery,
  optionalTrainingData,
  overallProgressData,
  overallProgressQuery,
  sendAlertQuery,
} from './dashboard.ts';
import {
  enrolKioskData,
  enrolKioskRequest,
  kioskPinStatusData,
  kioskRosterData,
  kioskSignInData,
  kioskSignInRequest,
  kioskSummary,
  kiosksData,
  setKioskPinRequest,
} from './kiosk.ts';
import {
  certificateQuery,
  certificationData,
  challengeData,
  challengeRequest,
  firstLoginPushData,
  learningPathHomeData,
  microCertificateQuery,
  microCertificationData,
  peopleData,
  peopleQuery,
  rankingsData,
  rankingsQuery,
  userActivityData,
  userCertificationsData,
  verificationCode,
  verificationData,
} from './learning.ts';
import { markNoticesReadData, markNoticesReadRequest, noticesData } from './notices.ts';
import {
  bannerData,
  bannerSavedData,
  catalogTreeData,
  createTeamRequest,
  createUserRequest,
  deleteTeamRequest,
  deleteUserRequest,
  editHiddenVideosRequest,
  essentialCategoriesRequest,
  hiddenVideosData,
  hiddenVideosQuery,
  listUsersRequest,
  managedUsersData,
  managedUsersQuery,
  orderCategoriesRequest,
  organizationEditRequest,
  organizationUser,
  organizationUsersData,
  pathCategoriesData,
  pathCategoriesQuery,
  teamCreatedData,
  teamEssentialRequest,
  teamFormData,
  teamFormRequest,
  teamOverviewData,
  teamOverviewQuery,
  teamsData,
  updateTeamRequest,
  updateUserRequest,
} from './organization.ts';
import { faqList, page, pageLink, pageQuery } from './public-content.ts';
import {
  assignStationData,
  assignStationRequest,
  auditPackQuery,
  auditVerificationData,
  auditVerificationQuery,
  matrixData,
  matrixQuery,
  personQualificationsData,
  personQualificationsQuery,
  setShiftRequest,
  signOffRequest,
  signoffRecord,
  signoffRequestData,
  signoffsData,
  signoffsQuery,
  station,
  stationChoicesData,
  stationFloorData,
  stationInput,
  stationsData,
} from './qualifications.ts';
import { defineRoute } from './route.ts';
import { searchData, searchQuery } from './search.ts';
import { landingData, shareData, sharedVideoData, sharedVideoQuery, shareRequest, sharingTextData } from './sharing.ts';
import { badgeSheetQuery, qrCodesData, stationQrSheetQuery, videoQrSheetQuery } from './shopfloor.ts';
import { badgeLookupQuery, badgePersonData, recordToolboxTalkRequest, toolboxSetupData, toolboxSetupQuery, toolboxTalk, toolboxTalksData } from './toolbox.ts';

/** Path ids: digits only, so a malformed id is a 400, not a database error. */
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const userParams = z.object({ userId: idParam });
const orgParams = z.object({ orgId: idParam });
const teamParams = z.object({ teamId: idParam });
const categoryParams = orgParams.extend({ categoryId: idParam });
const stationParams = orgParams.extend({ stationId: idParam });
const personParams = orgParams.extend({ userId: idParam });
const assignmentParams = stationParams.extend({ userId: idParam });
const expertParams = z.object({ cast_crew_id: idParam });
const kioskParams = z.object({ kioskId: idParam });
/** A team is named by its id or its name (the session keeps both). */
const teamParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : v));

/**
 * Every call of the API, by name: the one table the server registers its routes from (`contractRoute`) and the
 * web calls through (`apiRequest(routes.profile)`). Names follow the spec's paths; paths and fields are the spec's.
 */
export const routes = {
  // account
  profile: defineRoute({ method: 'GET', path: '/api/profile', answer: profileData }),
  /** The spec calls `profile` with POST; the same read. */
  profileByPost: defineRoute({ method: 'POST', path: '/api/profile', answer: profileData }),
  subProfiles: defineRoute({ method: 'POST', path: '/api/sub_profiles', answer: subProfilesData }),
  updateProfile: defineRoute({ method: 'POST', path: '/api/updateProfile', body: updateProfileRequest, answer: z.null() }),
  userInfo: defineRoute({ method: 'GET', path: '/api/user/:userId/infos', params: userParams, answer: userInfoData }),
  saveUserInfo: defineRoute({ method: 'POST', path: '/api/user/:userId/infos', params: userParams, body: userInfoRequest, answer: userInfoData, status: 201 }),
  updateProfileImage: defineRoute({
    method: 'POST',
    path: '/api/v4/update_profile_image',
    upload: true,
    answer: z.object({ picture: z.string() }),
    status: 201,
  }),
  // auth
  login: defineRoute({ method: 'POST', path: '/api/v4/login', body: loginRequest, answer: sessionData }),
  /** The shared guest account (member spec 1): the landing page's guest link signs in with it. */
  guestAccess: defineRoute({ method: 'GET', path: '/api/guest_access', answer: z.object({ email: z.string(), password: z.string() }) }),
  register: defineRoute({ method: 'POST', path: '/api/v4/register', body: registerRequest, answer: registerData, status: 201 }),
  /**
   * The registration's confirmation e-mail links to the web page /confirm-email, which confirms only when its button
   * is pressed: a mail scanner opening the link (GET or HEAD) changes nothing.
   */
  confirmEmail: defineRoute({ method: 'POST', path: '/api/confirm-email', body: confirmEmailRequest, answer: confirmEmailData }),
  /** What the page shows on opening: still to confirm, already confirmed, or a link that no longer works. Reads only. */
  confirmEmailState: defineRoute({ method: 'GET', path: '/api/confirm-email/state', query: confirmEmailRequest, answer: confirmEmailStateData }),
  /** The links e-mailed before the page existed: opened in a browser, they lead to the page (no confirmation). */
  confirmEmailLink: defineRoute({ method: 'GET', path: '/api/confirm-email', query: confirmEmailRequest, answer: 'redirect' }),
  resendConfirmation: defineRoute({ method: 'POST', path: '/api/confirmation-email', answer: z.null() }),
  forgotPassword: defineRoute({ method: 'POST', path: '/api/forgotpassword', body: forgotPasswordRequest, answer: z.null() }),
  resetPassword: defineRoute({ method: 'POST', path: '/api/reset-password', body: resetPasswordRequest, answer: z.null() }),
  changePassword: defineRoute({ method: 'POST', path: '/api/changePassword', body: changePasswordRequest, answer: z.null() }),
  logout: defineRoute({ method: 'POST', path: '/api/logout', answer: z.null() }),
  // browse
  homeFirstSection: defineRoute({ method: 'POST', path: '/api/home_first_section', body: homeSectionRequest, answer: homeSectionData }),
  homeSecondSection: defineRoute({ method: 'POST', path: '/api/home_second_section', body: homeSectionRequest, answer: homeSectionData }),
  getCategoryId: defineRoute({ method: 'POST', path: '/api/get_category_id', body: categoryRequest, answer: categoryData }),
  categoryVideos: defineRoute({ method: 'POST', path: '/api/categoryVideos', body: categoryRequest, answer: categoryVideosData }),
  subCategoriesVideos: defineRoute({ method: 'POST', path: '/api/sub_categories_videos', body: subCategoryVideosRequest, answer: subCategoryVideosData }),
  /** The administration spec (section 7) names the same listing subCategoriesVideos. */
  subCategoriesVideosByAdminName: defineRoute({
    method: 'POST',
    path: '/api/subCategoriesVideos',
    body: subCategoryVideosRequest,
    answer: subCategoryVideosData,
  }),
  seeAll: defineRoute({ method: 'POST', path: '/api/see_all', body: seeAllRequest, answer: seeAllData }),
  getWatchUserVideo: defineRoute({ method: 'GET', path: '/api/get_watch_user_video', query: watchedCountQuery, answer: watchedCountData }),
  getAllOrganizationCategories: defineRoute({
    method: 'GET',
    path: '/api/get_all_organization_categories/:organizationId',
    params: z.object({ organizationId: idParam }),
    query: organizationCategoriesQuery,
    answer: organizationCategoriesData,
  }),
  organizationTeamsSettings: defineRoute({
    method: 'GET',
    path: '/api/organization/teams-settings/:teamId',
    params: z.object({ teamId: idParam }),
    answer: teamSettingsData,
  }),
  experts: defineRoute({ method: 'GET', path: '/api/experts', answer: expertsData }),
  expert: defineRoute({ method: 'GET', path: '/api/experts/:cast_crew_id', params: expertParams, answer: expertDetailData }),
  contactExpert: defineRoute({
    method: 'POST',
    path: '/api/experts/:cast_crew_id/contact',
    params: expertParams,
    body: contactExpertRequest,
    answer: z.null(),
    status: 201,
  }),
  // playback
  videosView: defineRoute({ method: 'POST', path: '/api/videos/view', body: videoRequest, answer: videoDetail }),
  videosViewSecond: defineRoute({ method: 'POST', path: '/api/videos/view/second', body: videoRequest, answer: videoSecondData }),
  suggestions: defineRoute({ method: 'POST', path: '/api/suggestions', body: videoRequest, answer: suggestionsData }),
  videosLike: defineRoute({ method: 'POST', path: '/api/videos/like', body: likeRequest, answer: likeData }),
  videosDisLike: defineRoute({ method: 'POST', path: '/api/videos/dis_like', body: likeRequest, answer: likeData }),
  wishlistsOperations: defineRoute({ method: 'POST', path: '/api/wishlists/operations', body: wishlistRequest, answer: wishlistData }),
  watchUserVideo: defineRoute({ method: 'POST', path: '/api/watch-user-video', body: watchRequest, answer: watchData, status: 201 }),
  lastVideoWatchedByCategory: defineRoute({
    method: 'GET',
    path: '/api/last-video-watched-by-category/:id',
    params: z.object({ id: idParam }),
    answer: lastVideoData,
  }),
  lastVideoWatchedByUser: defineRoute({
    method: 'GET',
    path: '/api/last-video-watched-by-user/:userId',
    params: z.object({ userId: idParam }),
    answer: lastVideoData,
  }),
  videosPlaybook: defineRoute({ method: 'GET', path: '/api/videos/:id/playbook', params: z.object({ id: idParam }), answer: 'file' }),
  // learning
  learningPathHome: defineRoute({ method: 'GET', path: '/api/learning_path_home', answer: learningPathHomeData }),
  /** The spec calls `learning_path_home` with POST; the same read. */
  learningPathHomeByPost: defineRoute({ method: 'POST', path: '/api/learning_path_home', answer: learningPathHomeData }),
  getUserCertificateByCategory: defineRoute({
    method: 'GET',
    path: '/api/get_user_certificate_by_category',
    query: certificateQuery,
    answer: certificationData,
  }),
  getUserMicroCertificateBySubCategory: defineRoute({
    method: 'GET',
    path: '/api/get_user_micro_certificate_by_sub_category',
    query: microCertificateQuery,
    answer: microCertificationData,
  }),
  getAllUserCertifications: defineRoute({
    method: 'GET',
    path: '/api/get_all_user_certifications/:userId',
    params: userParams,
    answer: userCertificationsData,
  }),
  getUserActivity: defineRoute({ method: 'GET', path: '/api/get_user_activity/:userId', params: userParams, answer: userActivityData }),
  getAllRankings: defineRoute({ method: 'GET', path: '/api/get_all_rankings', query: rankingsQuery, answer: rankingsData }),
  getAllUsersOrganization: defineRoute({
    method: 'GET',
    path: '/api/get_all_users_organization/:orgId',
    params: z.object({ orgId: idParam }),
    query: peopleQuery,
    answer: peopleData,
  }),
  getAllUsersMyTeam: defineRoute({
    method: 'GET',
    path: '/api/get_all_users_my_team/:orgId/:team',
    params: z.object({ orgId: idParam, team: teamParam }),
    query: peopleQuery,
    answer: peopleData,
  }),
  organizationTeamsUsers: defineRoute({
    method: 'GET',
    path: '/api/organization/teams/:teamId/users',
    params: z.object({ teamId: idParam }),
    query: peopleQuery,
    answer: peopleData,
  }),
  insertNewChallenge: defineRoute({ method: 'POST', path: '/api/insert_new_challenge', body: challengeRequest, answer: challengeData, status: 201 }),
  userUpdateFirstLoginInLibraryPush: defineRoute({
    method: 'POST',
    path: '/api/user/:userId/updateFirstLoginInLibraryPush',
    params: userParams,
    answer: firstLoginPushData,
  }),
  certificatesPdf: defineRoute({ method: 'GET', path: '/api/certificates/:id/pdf', params: z.object({ id: idParam }), answer: 'file' }),
  certificatesVerify: defineRoute({
    method: 'GET',
    path: '/api/certificates/verify/:code',
    params: z.object({ code: verificationCode }),
    answer: verificationData,
  }),
  // organization
  getBannerOrganization: defineRoute({
    method: 'GET',
    path: '/api/get_banner_organization/:organizationId',
    params: z.object({ organizationId: idParam }),
    answer: bannerData,
  }),
  organizationEditBanner: defineRoute({
    method: 'POST',
    path: '/api/organization/edit/banner/:orgId',
    params: orgParams,
    upload: true,
    answer: bannerSavedData,
    status: 201,
  }),
  organizationEdit: defineRoute({
    method: 'POST',
    path: '/api/organization/edit/:orgId',
    params: orgParams,
    body: organizationEditRequest,
    answer: z.null(),
    status: 201,
  }),
  organizationEditEssentialCategory: defineRoute({
    method: 'POST',
    path: '/api/organization/edit/essential-category/:orgId',
    params: orgParams,
    body: essentialCategoriesRequest,
    answer: z.null(),
    status: 201,
  }),
  organizationEditOrderCategories: defineRoute({
    method: 'POST',
    path: '/api/organization/edit/order-categories/:orgId',
    params: orgParams,
    body: orderCategoriesRequest,
    answer: z.null(),
    status: 201,
  }),
  organizationTeamsEssentialCategory: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/essential-category/:orgId',
    params: orgParams,
    body: teamEssentialRequest,
    answer: z.null(),
    status: 201,
  }),
  getAllOrganizationCategoriesLearningPath: defineRoute({
    method: 'GET',
    path: '/api/get_all_organization_categories_learning_path/:orgId',
    params: orgParams,
    query: pathCategoriesQuery,
    answer: pathCategoriesData,
  }),
  organizationCategories: defineRoute({ method: 'GET', path: '/api/organization/:orgId/categories', params: orgParams, answer: catalogTreeData }),
  getHiddenVideos: defineRoute({
    method: 'GET',
    path: '/api/get_hidden_videos/:orgId/:categoryId',
    params: categoryParams,
    query: hiddenVideosQuery,
    answer: hiddenVideosData,
  }),
  editHiddenVideos: defineRoute({
    method: 'POST',
    path: '/api/edit_hidden_videos/:orgId/:categoryId/:flag',
    params: categoryParams.extend({ flag: z.literal('0') }),
    body: editHiddenVideosRequest,
    answer: z.null(),
  }),
  // teams
  organizationTeams: defineRoute({ method: 'GET', path: '/api/organization/:orgId/teams', params: orgParams, answer: teamsData }),
  createTeam: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/teams',
    params: orgParams,
    body: createTeamRequest,
    answer: teamCreatedData,
    status: 201,
  }),
  organizationTeamsDelete: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/delete/:teamId',
    params: teamParams,
    body: deleteTeamRequest.optional(),
    answer: z.null(),
  }),
  organizationTeamsForm: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/form/:teamId',
    params: teamParams,
    body: teamFormRequest,
    answer: teamFormData,
    status: 201,
  }),
  updateTeam: defineRoute({
    method: 'POST',
    path: '/api/organization/teams/:teamId',
    params: teamParams,
    body: updateTeamRequest,
    answer: teamCreatedData,
    status: 201,
  }),
  organizationTeam: defineRoute({
    method: 'GET',
    path: '/api/organization/:teamId/team',
    params: teamParams,
    query: teamOverviewQuery,
    answer: teamOverviewData,
  }),
  // org-users
  organizationUsers: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/users',
    params: z.object({ orgId: idParam }),
    answer: organizationUsersData,
  }),
  managedUsers: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/users/page',
    params: z.object({ orgId: idParam }),
    query: managedUsersQuery,
    answer: managedUsersData,
  }),
  listUsers: defineRoute({ method: 'POST', path: '/api/v4/list_users', body: listUsersRequest.optional(), answer: organizationUsersData }),
  createUser: defineRoute({ method: 'POST', path: '/api/v4/create_user', body: createUserRequest, answer: organizationUser, status: 201 }),
  updateUser: defineRoute({ method: 'POST', path: '/api/v4/update_user', body: updateUserRequest, answer: organizationUser, status: 201 }),
  deleteUser: defineRoute({ method: 'POST', path: '/api/v4/delete_user', body: deleteUserRequest, answer: z.null() }),
  // qualifications
  organizationStations: defineRoute({ method: 'GET', path: '/api/organization/:orgId/stations', params: orgParams, answer: stationsData }),
  organizationStationsChoices: defineRoute({ method: 'GET', path: '/api/organization/:orgId/stations/choices', params: orgParams, answer: stationChoicesData }),
  createStation: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/stations',
    params: orgParams,
    body: stationInput,
    answer: station,
    status: 201,
  }),
  updateStation: defineRoute({
    method: 'PUT',
    path: '/api/organization/:orgId/stations/:stationId',
    params: stationParams,
    body: stationInput,
    answer: station,
  }),
  deleteStation: defineRoute({ method: 'DELETE', path: '/api/organization/:orgId/stations/:stationId', params: stationParams, answer: z.null() }),
  organizationStationsFloor: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/stations/:stationId/floor',
    params: stationParams,
    answer: stationFloorData,
  }),
  organizationStationsSignoffRequests: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/stations/:stationId/signoff-requests',
    params: stationParams,
    answer: signoffRequestData,
    status: 201,
  }),
  assignStation: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/stations/:stationId/assignments',
    params: stationParams,
    body: assignStationRequest,
    answer: assignStationData,
  }),
  unassignStation: defineRoute({
    method: 'DELETE',
    path: '/api/organization/:orgId/stations/:stationId/assignments/:userId',
    params: assignmentParams,
    answer: z.null(),
  }),
  organizationQualifications: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/qualifications',
    params: orgParams,
    query: personQualificationsQuery,
    answer: personQualificationsData,
  }),
  organizationQualificationsPeopleShift: defineRoute({
    method: 'PUT',
    path: '/api/organization/:orgId/qualifications/people/:userId/shift',
    params: personParams,
    body: setShiftRequest,
    answer: z.null(),
  }),
  organizationQualificationsMatrix: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/qualifications/matrix',
    params: orgParams,
    query: matrixQuery,
    answer: matrixData,
  }),
  qualificationsMatrixCsv: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/qualifications/matrix.csv',
    params: orgParams,
    query: matrixQuery,
    answer: 'file',
  }),
  signOff: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/signoffs',
    params: orgParams,
    body: signOffRequest,
    answer: signoffRecord,
    status: 201,
  }),
  signoffs: defineRoute({ method: 'GET', path: '/api/organization/:orgId/signoffs', params: orgParams, query: signoffsQuery, answer: signoffsData }),
  organizationAuditPack: defineRoute({ method: 'GET', path: '/api/organization/:orgId/audit-pack', params: orgParams, query: auditPackQuery, answer: 'file' }),
  organizationAuditPackVerify: defineRoute({
    method: 'GET',
    path: '/api/organization/:orgId/audit-pack/verify',
    params: orgParams,
    query: auditVerificationQuery,
    answer: auditVerificationData,
  }),
  // billing (member spec 7)
  subscriptionPlans: defineRoute({ method: 'GET', path: '/api/subscription_plans', answer: z.array(subscriptionPlan) }),
  /** The spec's method for the same read. */
  subscriptionPlansByPost: defineRoute({ method: 'POST', path: '/api/subscription_plans', answer: z.array(subscriptionPlan) }),
  subscribedPlans: defineRoute({ method: 'GET', path: '/api/subscribedPlans', answer: z.array(subscriptionRecord) }),
  subscribedPlansByPost: defineRoute({ method: 'POST', path: '/api/subscribedPlans', answer: z.array(subscriptionRecord) }),
  getPayment: defineRoute({ method: 'GET', path: '/api/get-payment', answer: paymentState }),
  getPaymentByPost: defineRoute({ method: 'POST', path: '/api/get-payment', answer: paymentState }),
  createCheckoutSession: defineRoute({ method: 'POST', path: '/api/create-checkout-session', body: checkoutRequest, answer: checkoutData, status: 201 }),
  subscriptionsPayment: defineRoute({ method: 'POST', path: '/api/v4/subscriptions_payment', body: confirmPaymentRequest, answer: confirmPaymentData }),
  cancelSubscription: defineRoute({ method: 'POST', path: '/api/cancel/subscription', body: cancelSubscriptionRequest, answer: z.null() }),
  registerMembers: defineRoute({ method: 'POST', path: '/api/v4/register_members', body: registerMembersRequest, answer: registerMembersData, status: 201 }),
  acceptInvitation: defineRoute({ method: 'POST', path: '/api/accept-invitation', body: acceptInvitationRequest, answer: sessionData }),
  /** Stripe's events; the body is checked against its signature over the raw bytes. */
  stripeWebhook: defineRoute({ method: 'POST', path: '/api/payments/stripe/webhook', answer: z.object({ received: z.literal(true), duplicate: z.boolean() }) }),
  // kiosk
  kiosks: defineRoute({ method: 'GET', path: '/api/kiosks', answer: kiosksData }),
  enrolKiosk: defineRoute({ method: 'POST', path: '/api/kiosks', body: enrolKioskRequest, answer: enrolKioskData, status: 201 }),
  kiosksRevoke: defineRoute({ method: 'POST', path: '/api/kiosks/:kioskId/revoke', params: kioskParams, answer: kioskSummary }),
  kioskPin: defineRoute({ method: 'GET', path: '/api/kiosk-pin', answer: kioskPinStatusData }),
  setKioskPin: defineRoute({ method: 'POST', path: '/api/kiosk-pin', body: setKioskPinRequest, answer: z.null(), status: 201 }),
  kioskRoster: defineRoute({ method: 'GET', path: '/api/kiosk/roster', answer: kioskRosterData }),
  kioskSignIn: defineRoute({ method: 'POST', path: '/api/kiosk/sign-in', body: kioskSignInRequest, answer: kioskSignInData }),
  kiosksUnlock: defineRoute({ method: 'POST', path: '/api/kiosks/:kioskId/unlock', params: kioskParams, answer: z.null() }),
  kioskPersonUnlock: defineRoute({ method: 'POST', path: '/api/kiosk-locks/:userId/unlock', params: z.object({ userId: idParam }), answer: z.null() }),
  // dashboard
  getOrganizationTeamOverallProgress: defineRoute({
    method: 'GET',
    path: '/api/get_organization_team_overall_progress',
    query: overallProgressQuery,
    answer: overallProgressData,
  }),
  getDashboardUsersAlerts: defineRoute({ method: 'GET', path: '/api/get_dashboard_users_alerts', query: alertsQuery, answer: alertsData }),
  getOrganizationComplianceReport: defineRoute({
    method: 'GET',
    path: '/api/get_organization_compliance_report',
    query: dashboardScopeQuery,
    answer: complianceData,
  }),
  getOrganizationTeamOptionalTraining: defineRoute({
    method: 'GET',
    path: '/api/get_organization_team_optional_training',
    query: dashboardScopeQuery,
    answer: optionalTrainingData,
  }),
  sendDashboardAlert: defineRoute({
    method: 'GET',
    path: '/api/dashboard/team/:userId',
    params: z.object({ userId: idParam }),
    query: sendAlertQuery,
    answer: z.null(),
  }),
  sendBroadcast: defineRoute({ method: 'POST', path: '/api/send_broadcast', body: broadcastRequest, answer: broadcastData }),
  // toolbox
  toolboxSetup: defineRoute({ method: 'GET', path: '/api/toolbox/setup', query: toolboxSetupQuery, answer: toolboxSetupData }),
  toolboxTalks: defineRoute({ method: 'GET', path: '/api/toolbox/talks', answer: toolboxTalksData }),
  recordToolboxTalk: defineRoute({ method: 'POST', path: '/api/toolbox/talks', body: recordToolboxTalkRequest, answer: toolboxTalk, status: 201 }),
  toolboxTalksPdf: defineRoute({ method: 'GET', path: '/api/toolbox/talks/:talkId/pdf', params: z.object({ talkId: idParam }), answer: 'file' }),
  toolboxBadge: defineRoute({ method: 'GET', path: '/api/toolbox/badge', query: badgeLookupQuery, answer: badgePersonData }),
  // shopfloor
  shopfloorQrCodes: defineRoute({ method: 'GET', path: '/api/shopfloor/qr-codes', answer: qrCodesData }),
  videoQrSheetPdf: defineRoute({ method: 'GET', path: '/api/shopfloor/qr-codes/videos.pdf', query: videoQrSheetQuery, answer: 'file' }),
  stationQrSheetPdf: defineRoute({ method: 'GET', path: '/api/shopfloor/qr-codes/stations.pdf', query: stationQrSheetQuery, answer: 'file' }),
  badgeSheetPdf: defineRoute({ method: 'GET', path: '/api/shopfloor/badges.pdf', query: badgeSheetQuery, answer: 'file' }),
  // sharing
  shareVideo: defineRoute({ method: 'POST', path: '/api/videos/share', body: shareRequest, answer: shareData }),
  sharedVideo: defineRoute({ method: 'GET', path: '/api/videos/share', query: sharedVideoQuery, answer: sharedVideoData }),
  getTextSharingVideo: defineRoute({ method: 'GET', path: '/api/get_text_sharing_video', answer: sharingTextData }),
  // notices
  notices: defineRoute({ method: 'GET', path: '/api/notices', answer: noticesData }),
  noticesRead: defineRoute({ method: 'POST', path: '/api/notices/read', body: markNoticesReadRequest, answer: markNoticesReadData }),
  // public-content
  pagesList: defineRoute({ method: 'GET', path: '/api/pages/list', query: pageQuery, answer: z.union([page, z.array(pageLink)]) }),
  faqsList: defineRoute({ method: 'GET', path: '/api/faqs/list', answer: faqList }),
  // search
  search: defineRoute({ method: 'GET', path: '/api/search', query: searchQuery, answer: searchData }),
  // landing
  landing: defineRoute({ method: 'GET', path: '/api/landing', answer: landingData }),
  // sales: the enterprise "talk to us" form of /plans (issue 33)
  salesInquiry: defineRoute({ method: 'POST', path: '/api/sales-inquiry', body: salesInquiryRequest, answer: z.null(), status: 201 }),
} as const;

export type RouteName = keyof typeof routes;
