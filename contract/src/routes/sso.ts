import { defineRoute, defineRoutes } from '../route.ts';
import { saveSsoConnectionRequest, ssoConnectionData, ssoFinishData, ssoFinishRequest, ssoStartData, ssoStartRequest } from '../sso.ts';

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
