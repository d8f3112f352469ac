import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { checkPeopleImport, importPeople } from './people-import.service.ts';

/** A file of 5,000 people is about half a megabyte as JSON; room for long names and extra columns. */
const BODY_LIMIT = 4 * 1024 * 1024;

export const peopleImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.peopleImportCheck),
    bodyLimit: BODY_LIMIT,
    handler: async (request) => ok(await checkPeopleImport(ctx, callerOf(request), request.params.orgId, request.body)),
  });

  app.route({
    ...contractRoute(routes.peopleImport),
    bodyLimit: BODY_LIMIT,
    handler: async (request, reply) => reply.status(201).send(ok(await importPeople(ctx, callerOf(request), request.params.orgId, request.body))),
  });
};
