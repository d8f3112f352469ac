import type { z } from 'zod';

/** The media types a download may answer (its Content-Type). */
export type FileType = 'application/pdf' | 'text/csv' | 'application/samlmetadata+xml';

/**
 * One API call as both sides see it: its method and path (the spec's, `:name` for a path parameter), the schemas
 * of what it takes and the schema of the `data` its success envelope carries. The server registers the call from
 * it (the schemas validate the request and shape the answer); the web's `apiRequest(route, input)` takes its
 * input and answer types from it. A download answers a file instead of the envelope (`answer: 'file'`, with its
 * media types), a link opened in a browser a redirect (`answer: 'redirect'`, with its status). The table's name of
 * a call is its OpenAPI operationId; its summary and its domain's tag describe it there.
 */
export type RouteDefinition = {
  /** PATCH only for the tus protocol's appends (the studio's uploads). */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: `/api/${string}`;
  /** One line for the API document: what the call does or answers. */
  summary: string;
  /** The domain the call belongs to (the OpenAPI tag), set by `defineRoutes` for a whole domain file. */
  tag?: string;
  /** Path parameters as the server parses them (the client sends any value that prints as one). */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a multipart form (an upload), read by the handler rather than by a schema. */
  upload?: true;
} & (
  | {
      /** The envelope's `data` (z.null() for none). */
      answer: z.ZodType;
      /** The status of a success; 201 for a call that creates something. */
      status?: 200 | 201;
      files?: never;
    }
  | {
      /** A download (PDF, CSV) instead of the envelope. */
      answer: 'file';
      /** Its media types: one per format the call offers. */
      files: readonly [FileType, ...FileType[]];
      status?: never;
    }
  | {
      /** A link opened in a browser: a redirect. */
      answer: 'redirect';
      status: 303;
      files?: never;
    }
);

export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

/**
 * A domain's calls (one file of `contract/src/routes/`), each tagged with the domain for the API document. The
 * table in `routes.ts` merges the domains' tables into one.
 */
export function defineRoutes<const Tag extends string, const T extends Record<string, RouteDefinition>>(
  tag: Tag,
  table: T,
): { [Name in keyof T]: T[Name] & { tag: Tag } } {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, { ...route, tag }])) as unknown as {
    [Name in keyof T]: T[Name] & { tag: Tag };
  };
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a client sends for a schema: its input type, where a field the server coerces or preprocesses (a number
 * or a list in a query string or a form, whose input type is `unknown`) takes the type it becomes, or the text or
 * number a form would carry.
 */
export type WireInput<S extends z.ZodType> =
  z.input<S> extends Record<string, unknown>
    ? {
        [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] : never) | string | number : z.input<S>[K];
      }
    : z.input<S>;

type EmptyObject = Record<never, never>;

/**
 * The input of a call: the path parameters its path names, its query and its body, each only when it has one
 * (a part the call does not take is refused, not silently dropped).
 */
export type RouteInput<R extends RouteDefinition> = ([ParamNames<R['path']>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<R['path']>, string | number> }) &
  (R['query'] extends z.ZodType
    ? EmptyObject extends WireInput<R['query']>
      ? { query?: WireInput<R['query']> }
      : { query: WireInput<R['query']> }
    : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: WireInput<R['body']> } : { body?: never });

/** The `data` of a call's success envelope. */
export type RouteAnswer<R extends RouteDefinition> = R['answer'] extends z.ZodType ? z.output<R['answer']> : never;

/** The address of a call: its path with the parameters filled in (encoded) and its query string. */
export function urlOf(route: RouteDefinition, input: { params?: Record<string, string | number>; query?: unknown } = {}): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_whole, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${route.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
