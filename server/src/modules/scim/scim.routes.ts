import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RouteDoc } from '../../lib/route-doc.ts';
import { identifyScimCaller } from './scim.policy.ts';
import { logScimRequest } from './scim.queries.ts';
import { SCIM_CONTENT_TYPE, ScimError, scimErrorBody } from './scim.rules.ts';
import * as scim from './scim.service.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.ts';

type Query = { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string };
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

const callers = new WeakMap<FastifyRequest, scim.ScimCaller>();

function callerOf(request: FastifyRequest): scim.ScimCaller {
  const caller = callers.get(request);
  if (!caller) throw new ScimError(401, 'A valid SCIM bearer token is required.');
  return caller;
}

const scimJson = (description: string) => ({ description, content: { [SCIM_CONTENT_TYPE]: { schema: { type: 'object' } } } });
const doc = (operationId: string, summary: string, status: 200 | 201 | 204 = 200): RouteDoc => ({
  operationId,
  summary,
  tags: ['scim'],
  responses: { [status]: status === 204 ? { description: 'Done.', type: 'null' } : scimJson('A SCIM resource or list (RFC 7643).') },
});

/**
 * The SCIM 2.0 protocol (RFC 7644) an organization's identity provider (Microsoft Entra, Okta) provisions with: its own
 * media type and error format rather than the API's envelope, authenticated by the organization's SCIM bearer token
 * (another organization's token sees nothing of it). Each call is kept in the organization's provisioning log.
 */
export async function scimProtocolRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.addHook('onRequest', async (request) => {
    callers.set(request, await identifyScimCaller(ctx, request.headers.authorization));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-type', `${SCIM_CONTENT_TYPE}; charset=utf-8`);
    return payload;
  });

  // The path only (a filter names a person): what the super user's page lists.
  app.addHook('onResponse', async (request, reply) => {
    const caller = callers.get(request);
    if (!caller) return;
    const path = (request.url.split('?')[0] ?? '').slice(0, 300);
    await logScimRequest(ctx.db, { organization_id: caller.organizationId, method: request.method, path, status: reply.statusCode, at: now() }).catch(
      (err: unknown) => request.log.warn({ err, event: 'scim_log_failed' }, 'the provisioning call could not be logged'),
    );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, detail: string, scimType?: Parameters<typeof scimErrorBody>[2]) =>
      reply.status(status).send(scimErrorBody(status, detail, scimType));
    if (error instanceof ScimError) return send(error.status, error.detail, error.scimType);
    if (error instanceof AppError) return send(error.status, error.message);
    if (uniqueViolationOf(error)) return send(409, 'This was written a moment ago by another request: it already exists.', 'uniqueness');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return send(status, status === 400 ? 'The body is not valid JSON.' : error.message, status === 400 ? 'invalidSyntax' : undefined);
    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'Something went wrong on our side. Please try again.');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(scimErrorBody(404, `No SCIM resource ${request.method} ${request.url.split('?')[0]}`));
  });

  const created = (reply: FastifyReply, resource: { meta: { location: string } }) =>
    reply.status(201).header('location', resource.meta.location).send(resource);

  app.get('/ServiceProviderConfig', { config: { openapi: doc('scimServiceProviderConfig', 'SCIM: what this service provider supports') } }, async (request) =>
    serviceProviderConfig(callerOf(request).baseUrl, scim.MAX_RESULTS),
  );
  app.get('/ResourceTypes', { config: { openapi: doc('scimResourceTypes', 'SCIM: the resource types (User, Group)') } }, async (request) =>
    resourceTypes(callerOf(request).baseUrl),
  );
  app.get('/Schemas', { config: { openapi: doc('scimSchemas', 'SCIM: the User and Group schemas') } }, async (request) => schemas(callerOf(request).baseUrl));

  app.get('/Users', { config: { openapi: doc('scimListUsers', 'SCIM: list users, or find one by userName or externalId') } }, async (request) =>
    scim.listUsers(ctx, callerOf(request), request.query as Query),
  );
  app.post('/Users', { config: { openapi: doc('scimCreateUser', 'SCIM: provision a member (within the seats)', 201) } }, async (request, reply) =>
    created(reply, await scim.createUser(ctx, callerOf(request), request.body)),
  );
  app.get('/Users/:id', { config: { openapi: doc('scimGetUser', 'SCIM: one user') } }, async (request: IdRequest) =>
    scim.getUser(ctx, callerOf(request), request.params.id),
  );
  app.put('/Users/:id', { config: { openapi: doc('scimReplaceUser', 'SCIM: replace a user') } }, async (request: IdRequest) =>
    scim.replaceUser(ctx, callerOf(request), request.params.id, request.body),
  );
  app.patch('/Users/:id', { config: { openapi: doc('scimPatchUser', 'SCIM: change a user (active, name, e-mail)') } }, async (request: IdRequest) =>
    scim.patchUser(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/Users/:id',
    { config: { openapi: doc('scimDeleteUser', 'SCIM: delete a user (signed out, seat freed)', 204) } },
    async (request: IdRequest, reply) => {
      await scim.deleteUser(ctx, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/Groups', { config: { openapi: doc('scimListGroups', 'SCIM: list groups (teams), or find one by displayName') } }, async (request) =>
    scim.listGroups(ctx, callerOf(request), request.query as Query),
  );
  app.post('/Groups', { config: { openapi: doc('scimCreateGroup', 'SCIM: create a group (a team)', 201) } }, async (request, reply) =>
    created(reply, await scim.createGroup(ctx, callerOf(request), request.body)),
  );
  app.get('/Groups/:id', { config: { openapi: doc('scimGetGroup', 'SCIM: one group (team) with its members') } }, async (request: IdRequest) =>
    scim.getGroup(ctx, callerOf(request), request.params.id, request.query.excludedAttributes),
  );
  app.put('/Groups/:id', { config: { openapi: doc('scimReplaceGroup', 'SCIM: replace a group (name and members)') } }, async (request: IdRequest) =>
    scim.replaceGroup(ctx, callerOf(request), request.params.id, request.body),
  );
  app.patch(
    '/Groups/:id',
    { config: { openapi: doc('scimPatchGroup', 'SCIM: rename a group, add or remove members', 204) } },
    async (request: IdRequest, reply) => {
      await scim.patchGroup(ctx, callerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/Groups/:id',
    { config: { openapi: doc('scimDeleteGroup', 'SCIM: delete a group (its members stay, teamless)', 204) } },
    async (request: IdRequest, reply) => {
      await scim.deleteGroup(ctx, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
