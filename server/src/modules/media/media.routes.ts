import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { RouteDoc } from '../../lib/route-doc.ts';
import { mediaRoot } from '../catalog/index.ts';
import { HotFiles, mediaEtag } from './hot-files.ts';
import { parseRange, READ_BUFFER, resolveMediaFile, statFile } from './media-files.ts';
import { MEDIA_PREFIX, mediaSigner } from './media-signer.ts';

const params = z.object({ expires: z.string(), signature: z.string(), hash: z.string(), '*': z.string() });

const mediaFile = { '*/*': { schema: { type: 'string', format: 'binary' } } };
const mediaDoc: RouteDoc = {
  operationId: 'media',
  summary: 'A media file (stream playlist, segment, poster, captions) behind a signed URL',
  tags: ['media'],
  responses: {
    200: { description: 'The whole file (its own media type).', content: mediaFile },
    206: { description: 'The range asked for (Range: bytes=...).', content: mediaFile },
    304: { description: 'Not modified: the ETag sent in If-None-Match still matches.', type: 'null' },
  },
};

/**
 * `/media/<expires>/<signature>/<asset>/<file>`: transcoded media for holders of a signed URL, range-aware,
 * sent from memory (segments, posters, captions: hot-files.ts) or streamed with 1 MiB reads, or handed to nginx
 * with X-Accel-Redirect when MEDIA_ACCEL_REDIRECT is set (deploy/nginx.conf). Not rate limited: a player fetches a segment every
 * few seconds and the signature already bounds what can be fetched.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const root = mediaRoot(ctx.config.dataDir);
  const accelRedirect = ctx.config.mediaAccelRedirect;
  const hotFiles = new HotFiles(ctx.config.mediaMemoryBytes);

  // HEAD is declared with GET so it keeps the real Content-Length (Fastify's generated HEAD would read the file through).
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/:expires/:signature/:hash/*`,
    exposeHeadRoute: false,
    schema: { params },
    config: { openapi: mediaDoc },
    handler: async (request, reply) => {
      const { expires, signature, hash } = request.params;
      const target = resolveMediaFile(root, hash, request.params['*']);
      if (!target) throw notFound('No such media.');
      if (!(await mediaSigner(ctx.db)).verify(expires, signature, hash, request.params['*']))
        throw forbidden('This media link has expired or is not valid. Reload the page.');
      if (accelRedirect) {
        // nginx sends the file (sendfile, ranges, its own ETag) from its internal location; the app only decided access.
        return reply
          .header('content-type', target.type)
          .header('cache-control', target.cacheControl)
          .header('x-accel-redirect', `${accelRedirect}${hash}/${request.params['*']}`)
          .send();
      }
      const held = target.immutable ? await hotFiles.get(target.file) : null;
      const stat = held ? null : await statFile(target.file);
      if (!held && !stat) throw notFound('No such media.');
      const size = held ? held.bytes.length : (stat as fs.Stats).size;
      const etag = held ? held.etag : mediaEtag(stat as fs.Stats);
      reply.header('content-type', target.type).header('cache-control', target.cacheControl).header('accept-ranges', 'bytes').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).header('content-type', 'text/plain').send('Range Not Satisfiable');
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD' || size === 0) return reply.send();
      if (held) return reply.send(range ? held.bytes.subarray(start, end + 1) : held.bytes);
      return reply.send(fs.createReadStream(target.file, { start, end, highWaterMark: READ_BUFFER }));
    },
  });
};
