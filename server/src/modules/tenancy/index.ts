/** The tenancy module's public face: what other modules may use of it (they import nothing else of it). */
export {
  findBanner,
  findOrganizationName,
  insertOrganization,
  markOrganizationVerified,
  newOrganizationCode,
  organizationDefaultLocale,
  organizationName,
  organizationSignInCode,
  organizationVerified,
  passwordSignInAllowed,
  setBanner,
  setDefaultLocale,
  setPasswordSignIn,
} from './organizations.queries.ts';
export { organizationHasAccessColumn, subscriptionGivesAccess } from './subscription-access.queries.ts';
