import { defineRoute, defineRoutes } from '../route.ts';
import {
  samlAcsRequest,
  samlOrganizationParams,
  saveSamlConnectionRequest,
  saveSsoConnectionRequest,
  ssoConnectionData,
  ssoFinishData,
  ssoFinishRequest,
  ssoStartData,
  ssoStartRequest,
} from '../sso.ts';

/** Single sign-on: the organization's OpenID Connect connection, and signing in through it. */
export const ssoRoutes = defineRoutes('sso', {
  ssoConnection: defineRoute({
    method: 'GET',
    path: '/api/sso/connection',
    summary: "The organization's single sign-on connection",
    answer: ssoConnectionData,
  }),
  saveSsoConnection: defineRoute({
    method: 'PUT',
    path: '/api/sso/connection',
    summary: "Configure the organization's single sign-on connection",
    body: saveSsoConnectionRequest,
    answer: ssoConnectionData,
  }),
  saveSamlConnection: defineRoute({
    method: 'PUT',
    path: '/api/sso/saml-connection',
    summary: "Configure the organization's single sign-on connection as SAML 2.0 (from the identity provider's metadata)",
    body: saveSamlConnectionRequest,
    answer: ssoConnectionData,
  }),
  deleteSsoConnection: defineRoute({
    method: 'DELETE',
    path: '/api/sso/connection',
    summary: "Delete the organization's single sign-on connection (its members sign in with their password again)",
    answer: ssoConnectionData,
  }),
  samlMetadata: defineRoute({
    method: 'GET',
    path: '/api/sso/saml/:organization/metadata',
    summary: "The platform's SAML service provider metadata for an organization (entity id, assertion consumer service)",
    params: samlOrganizationParams,
    answer: 'file',
    files: ['application/samlmetadata+xml'],
  }),
  samlAcs: defineRoute({
    method: 'POST',
    path: '/api/sso/saml/:organization/acs',
    summary: "The identity provider's signed SAML answer (form post): verified, then a redirect with a one-time code",
    params: samlOrganizationParams,
    body: samlAcsRequest,
    answer: 'redirect',
    status: 303,
  }),
  ssoStart: defineRoute({
    method: 'POST',
    path: '/api/sso/start',
    summary: 'Start signing in with a company account (found by the e-mail domain)',
    body: ssoStartRequest,
    answer: ssoStartData,
  }),
  ssoFinish: defineRoute({
    method: 'POST',
    path: '/api/sso/finish',
    summary: "Finish signing in with the identity provider's answer",
    body: ssoFinishRequest,
    answer: ssoFinishData,
  }),
});
