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
  },

  // Screens of later features: the menus already point at them.
  achievements: '/achievements',
  dashboard: '/dashboard',
  library: '/library',
  experts: '/experts',
  manageOrganization: '/manage-organization',
  plans: '/plans',
  billing: '/plans/me',
} as const;
