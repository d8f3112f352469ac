import { z } from 'zod';
import {
  apiTokenSummary,
  apiTokensData,
  createApiTokenData,
  createApiTokenRequest,
  createWebhookEndpointData,
  createWebhookEndpointRequest,
  saveXapiSettingsRequest,
  v1CreateMemberRequest,
  v1MemberProgressData,
  v1MemberQualificationsData,
  v1MembersData,
  v1StationClearanceData,
  v1StationClearanceQuery,
  webhookDeliveriesData,
  webhookDelivery,
  webhookEndpointsData,
  xapiDeliveriesData,
  xapiDelivery,
  xapiSettingsData,
} from '../integrations.ts';
import { organizationUser } from '../organization.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam, userParams } from './params.ts';

const tokenParams = z.object({ tokenId: idParam });
const endpointParams = z.object({ endpointId: idParam });

/**
 * Integrations: the super user's API tokens and webhook endpoints, and the `/api/v1` calls other systems make with an
 * API token (`Authorization: Bearer <token>`; a session is refused there, and a token everywhere else).
 */
export const integrationsRoutes = defineRoutes('integrations', {
  apiTokens: defineRoute({ method: 'GET', path: '/api/integrations/tokens', summary: "The organization's API tokens", answer: apiTokensData }),
  createApiToken: defineRoute({
    method: 'POST',
    path: '/api/integrations/tokens',
    summary: 'Create an API token (answered once)',
    body: createApiTokenRequest,
    answer: createApiTokenData,
    status: 201,
  }),
  revokeApiToken: defineRoute({
    method: 'POST',
    path: '/api/integrations/tokens/:tokenId/revoke',
    summary: 'Revoke an API token',
    params: tokenParams,
    answer: apiTokenSummary,
  }),
  webhookEndpoints: defineRoute({
    method: 'GET',
    path: '/api/integrations/webhooks',
    summary: "The organization's webhook endpoints",
    answer: webhookEndpointsData,
  }),
  createWebhookEndpoint: defineRoute({
    method: 'POST',
    path: '/api/integrations/webhooks',
    summary: 'Register a webhook endpoint (its signing secret answered once)',
    body: createWebhookEndpointRequest,
    answer: createWebhookEndpointData,
    status: 201,
  }),
  deleteWebhookEndpoint: defineRoute({
    method: 'DELETE',
    path: '/api/integrations/webhooks/:endpointId',
    summary: 'Remove a webhook endpoint',
    params: endpointParams,
    answer: z.null(),
  }),
  testWebhookEndpoint: defineRoute({
    method: 'POST',
    path: '/api/integrations/webhooks/:endpointId/test',
    summary: 'Send a test event to a webhook endpoint',
    params: endpointParams,
    answer: webhookDelivery,
    status: 201,
  }),
  webhookDeliveries: defineRoute({
    method: 'GET',
    path: '/api/integrations/deliveries',
    summary: "The latest webhook deliveries of the organization's endpoints",
    answer: webhookDeliveriesData,
  }),
  xapiSettings: defineRoute({
    method: 'GET',
    path: '/api/integrations/xapi',
    summary: "The organization's Learning Record Store settings (never its secret)",
    answer: xapiSettingsData,
  }),
  saveXapiSettings: defineRoute({
    method: 'PUT',
    path: '/api/integrations/xapi',
    summary: 'Set up the Learning Record Store xAPI statements are sent to (its secret sealed)',
    body: saveXapiSettingsRequest,
    answer: xapiSettingsData,
  }),
  deleteXapiSettings: defineRoute({
    method: 'DELETE',
    path: '/api/integrations/xapi',
    summary: 'Stop sending xAPI statements and forget the LRS settings',
    answer: z.null(),
  }),
  testXapiStatement: defineRoute({
    method: 'POST',
    path: '/api/integrations/xapi/test',
    summary: 'Send a test statement to the Learning Record Store',
    answer: xapiDelivery,
    status: 201,
  }),
  xapiDeliveries: defineRoute({
    method: 'GET',
    path: '/api/integrations/xapi/deliveries',
    summary: 'The latest xAPI statement deliveries',
    answer: xapiDeliveriesData,
  }),
  v1Members: defineRoute({
    method: 'GET',
    path: '/api/v1/members',
    summary: "The organization's members (API token, scope read_users)",
    answer: v1MembersData,
  }),
  v1CreateMember: defineRoute({
    method: 'POST',
    path: '/api/v1/members',
    summary: 'Create a member, invited by e-mail (API token, scope write_users)',
    body: v1CreateMemberRequest,
    answer: organizationUser,
    status: 201,
  }),
  v1DeactivateMember: defineRoute({
    method: 'POST',
    path: '/api/v1/members/:userId/deactivate',
    summary: 'Deactivate a member (API token, scope write_users)',
    params: userParams,
    answer: z.null(),
  }),
  v1MemberProgress: defineRoute({
    method: 'GET',
    path: '/api/v1/members/:userId/progress',
    summary: "A member's learning progress (API token, scope read_progress)",
    params: userParams,
    answer: v1MemberProgressData,
  }),
  v1MemberQualifications: defineRoute({
    method: 'GET',
    path: '/api/v1/members/:userId/qualifications',
    summary: "A member's qualifications at each station (API token, scope read_qualifications)",
    params: userParams,
    answer: v1MemberQualificationsData,
  }),
  v1StationClearance: defineRoute({
    method: 'GET',
    path: '/api/v1/stations/:stationId/clearance',
    summary: 'Is this badge cleared to run the station now? (API token, scope read_qualifications)',
    params: z.object({ stationId: idParam }),
    query: v1StationClearanceQuery,
    answer: v1StationClearanceData,
  }),
});
