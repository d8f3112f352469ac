/** Every route of the web app, in one place (member spec, section 2). */
export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  version: '/version',
  page: '/page/:id',
  terms: '/page/terms',
  help: '/page/help',

  home: '/home',
  logout: '/logout',
  forcedChangePassword: '/change-password',
  account: {
    root: '/account',
    edit: '/account/edit',
    changePassword: '/account/change-password',
    delete: '/account/delete',
    kioskPin: '/account/kiosk-pin',
  },
  // A tablet enrolled as a shared kiosk: the team's faces, a PIN to sign in (issue 17).
  kiosk: '/kiosk',
  // On the kiosk, a trainer records a practical check beside the operator (issue 38).
  kioskPractical: '/kiosk/practical-check',
  // A toolbox talk at shift start, led by a super user (issue 17).
  toolbox: '/toolbox',
  // The organization's own lessons, made by its authors and super users (issue 37).
  studio: '/studio',
  // What the organization published there, for its members.
  ourLessons: '/our-lessons',
  // Knowledge checks (issue 38): the member takes a video's check; a super user writes its questions.
  assessments: {
    take: '/video/:id/check',
    // The check at the end of a category, taken from the category's page.
    takeCategory: '/category/:id/check',
    author: '/assessments/videos/:id',
    results: '/assessments/videos/:id/results',
    // A category's check: its settings (its bank is its videos' questions) and the same results as a video's.
    authorCategory: '/assessments/categories/:id',
    categoryResults: '/assessments/categories/:id/results',
  },
  // What a station's QR label opens: am I cleared to run it (issue 17).
  stationFloor: '/station/:stationId',
  // Who is cleared for which station (issue 16): the matrix for super users, their own row for members.
  qualifications: {
    root: '/qualifications',
    newStation: '/qualifications/stations/new',
    newTraining: '/qualifications/training/new',
    station: '/qualifications/stations/:stationId',
    person: '/qualifications/people/:userId',
    verify: '/qualifications/verify',
  },

  // Catalog and playback (member spec, section 2).
  category: '/category/:id',
  subCategory: '/sub-category/:id/:name',
  video: '/video/:id',
  trailer: '/trailer',
  viewAll: '/view-all/:name',
  expert: '/experts/:castCrewId',
  search: '/search',

  // Screens of later features: the menus already point at them.
  achievements: '/achievements',
  firstLogin: '/firstLogin',
  verifyCertificate: '/verify/:code',
  dashboard: '/dashboard',
  library: '/library',
  experts: '/experts',
  manageOrganization: '/manage-organization',
  // Organization administration (administration spec, section 2).
  organization: {
    edit: '/manage-organization/edit',
    createTeam: '/manage-organization/create-team',
    editTeams: '/manage-organization/edit-team',
    teamForm: '/manage-organization/team-form/:name/:id',
    teamOverview: '/manage-organization/team-overview/:name/:id',
    learningPathCreator: '/manage-organization/learning-path-creator',
    kiosks: '/manage-organization/kiosks',
    provisioning: '/manage-organization/provisioning',
    integrations: '/manage-organization/integrations',
    qrCodes: '/manage-organization/qr-codes',
    sso: '/manage-organization/sso',
  },
  manageTeam: '/manage-team',
  importPeople: '/manage-team/import',
  plans: '/plans',
  billing: '/plans/me',
  payPerView: '/pay-per-view',
  paymentOptions: '/payment-options',
  subscription: '/subscription',
  successPayment: '/success-payment',
  addTeamMember: '/add-team-member',
  acceptInvitation: '/accept-invitation',
  // Where a company account's identity provider sends the browser back (contract SSO_CALLBACK_PATH).
  ssoCallback: '/sso/callback',
  /** The printed sign-in sheet's address (contract ACCOUNT_SETUP_PATH). */
  accountSetup: '/set-up-account',
  // The registration's e-mailed confirmation link: a button confirms (a link scanner opening it does not).
  confirmEmail: '/confirm-email',
  shareEmails: '/share/emails',
  // A video shared by e-mail: public, also reachable when signed in.
  watchShared: '/watch/:uniqueId/:token',
} as const;

export const pagePath = (uniqueId: string) => `/page/${encodeURIComponent(uniqueId)}`;

export const teamFormPath = (name: string, id: number) => `/manage-organization/team-form/${encodeURIComponent(name)}/${id}`;
export const teamOverviewPath = (name: string, id: number) => `/manage-organization/team-overview/${encodeURIComponent(name)}/${id}`;

export const categoryPath = (id: number) => `/category/${id}`;
export const subCategoryPath = (id: number, name: string) => `/sub-category/${id}/${encodeURIComponent(name)}`;
export const videoPath = (id: number) => `/video/${id}`;
export const takeCheckPath = (videoId: number) => `/video/${videoId}/check`;
export const takeCategoryCheckPath = (categoryId: number) => `/category/${categoryId}/check`;
export const authorCheckPath = (videoId: number) => `/assessments/videos/${videoId}`;
export const checkResultsPath = (videoId: number) => `/assessments/videos/${videoId}/results`;
export const authorCategoryCheckPath = (categoryId: number) => `/assessments/categories/${categoryId}`;
export const categoryCheckResultsPath = (categoryId: number) => `/assessments/categories/${categoryId}/results`;
/** The video opened at a second (a transcript search result, a resume link): /video/{id}?t=SECONDS. */
export const videoAtPath = (id: number, seconds: number) => `/video/${id}?t=${Math.max(0, Math.floor(seconds))}`;
/** One of the organization's own lessons, playing (from `seconds` when given, in the narrated version `lang` when given). */
export const ourLessonPath = (id: number, seconds?: number | null, lang?: 'en' | 'es') =>
  `/our-lessons?${new URLSearchParams({ play: String(id), ...(seconds ? { t: String(Math.max(0, Math.floor(seconds))) } : {}), ...(lang ? { lang } : {}) })}`;
export const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;
export const expertPath = (castCrewId: number) => `/experts/${castCrewId}`;

/** The lists of /view-all/{name} (member spec, section 2). */
export const VIEW_ALL_LISTS = ['New Releases', 'Recommended', 'My List'] as const;
export type ViewAllList = (typeof VIEW_ALL_LISTS)[number];

export const viewAllPath = (name: ViewAllList) => `/view-all/${encodeURIComponent(name)}`;

/** The videos of an expert: /view-all/{title}?cast_crew_id=&title=&videoType=cast. */
export const expertVideosPath = (castCrewId: number, title: string) =>
  `/view-all/${encodeURIComponent(title)}?${new URLSearchParams({ cast_crew_id: String(castCrewId), title, videoType: 'cast' })}`;
