import { z } from 'zod';
import { defineRoute, defineRoutes } from '../route.ts';
import { badgeLookupQuery, badgePersonData, recordToolboxTalkRequest, toolboxSetupData, toolboxSetupQuery, toolboxTalk, toolboxTalksData } from '../toolbox.ts';
import { idParam } from './params.ts';

/** Toolbox talks at shift start. */
export const toolboxRoutes = defineRoutes('toolbox', {
  toolboxSetup: defineRoute({
    method: 'GET',
    path: '/api/toolbox/setup',
    summary: 'What a toolbox talk needs: clips, teams and the crew',
    query: toolboxSetupQuery,
    answer: toolboxSetupData,
  }),
  toolboxTalks: defineRoute({ method: 'GET', path: '/api/toolbox/talks', summary: 'The toolbox talks recorded', answer: toolboxTalksData }),
  recordToolboxTalk: defineRoute({
    method: 'POST',
    path: '/api/toolbox/talks',
    summary: 'Record a toolbox talk with its attendance',
    body: recordToolboxTalkRequest,
    answer: toolboxTalk,
    status: 201,
  }),
  toolboxTalksPdf: defineRoute({
    method: 'GET',
    path: '/api/toolbox/talks/:talkId/pdf',
    summary: "Download a toolbox talk's attendance sheet (PDF)",
    params: z.object({ talkId: idParam }),
    answer: 'file',
    files: ['application/pdf'],
  }),
  toolboxBadge: defineRoute({
    method: 'GET',
    path: '/api/toolbox/badge',
    summary: 'The person a scanned badge names',
    query: badgeLookupQuery,
    answer: badgePersonData,
  }),
});
