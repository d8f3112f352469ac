import type { RouteDefinition } from '@mm/contract';
import type { z } from 'zod';
import { envelope } from './reply.ts';

type Envelope<S extends z.ZodType> = ReturnType<typeof envelope<S>>;

type SchemaOf<R extends RouteDefinition> = {
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
  response: R['answer'] extends z.ZodType ? { [Status in R['status'] extends 201 ? 201 : 200]: Envelope<R['answer']> } : undefined;
};

/**
 * The method, URL (inside the `/api` prefix) and schema of a call of the contract's route table, to spread into
 * `app.route({ ...contractRoute(routes.x), handler })`: the request and the answer are then typed and validated
 * by the table's schemas, so a route cannot drift from what the web calls.
 */
export function contractRoute<const R extends RouteDefinition>(route: R): { method: R['method']; url: string; schema: SchemaOf<R> } {
  // Only the parts the call has: Fastify warns of a schema part present but undefined.
  const schema = {
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    ...(typeof route.answer !== 'string' && { response: { [route.status ?? 200]: envelope(route.answer) } }),
  } as SchemaOf<R>;
  return { method: route.method, url: route.path.slice('/api'.length), schema };
}
