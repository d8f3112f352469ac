import { z } from 'zod';
import { defineRoute, defineRoutes } from '../route.ts';
import { scimSettingsData, scimTokenData } from '../scim.ts';

/** SCIM provisioning's set-up (super user): the base URL, the bearer token, the last calls. The SCIM protocol itself is served at /scim/v2. */
export const scimRoutes = defineRoutes('scim', {
  scimSettings: defineRoute({
    method: 'GET',
    path: '/api/scim',
    summary: "The organization's SCIM base URL, token state and last provisioning calls",
    answer: scimSettingsData,
  }),
  createScimToken: defineRoute({
    method: 'POST',
    path: '/api/scim/token',
    summary: 'Create (or rotate) the SCIM bearer token, shown once',
    answer: scimTokenData,
    status: 201,
  }),
  revokeScimToken: defineRoute({ method: 'DELETE', path: '/api/scim/token', summary: 'Revoke the SCIM bearer token', answer: z.null() }),
});
