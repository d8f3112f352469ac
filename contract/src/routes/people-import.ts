import { peopleImportCheckData, peopleImportRequest, peopleImportResultData } from '../people-import.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { orgParams } from './params.ts';

/** Enrolling many people from a CSV file (issue 39): a check that writes nothing, then the import itself. */
export const peopleImportRoutes = defineRoutes('people-import', {
  peopleImportCheck: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/people-import/check',
    summary: "Check a CSV file's people against the organization (a dry run: writes nothing)",
    params: orgParams,
    body: peopleImportRequest,
    answer: peopleImportCheckData,
  }),
  peopleImport: defineRoute({
    method: 'POST',
    path: '/api/organization/:orgId/people-import',
    summary: "Import a CSV file's people: all rows or none, within the plan's seats",
    params: orgParams,
    body: peopleImportRequest,
    answer: peopleImportResultData,
    status: 201,
  }),
});
