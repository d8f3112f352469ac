import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { contentTypeOf } from '../../lib/storage/storage.ts';

/** `avatars/<name>.webp`, `banners/<name>.webp`, `catalog/<name>.jpg`: one folder, one clean name (never a dot first). */
const UPLOAD = /^(avatars|banners|catalog)\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}$/;

/**
 * `/uploads/...` when the store is a bucket: the public pictures (avatars, banners, catalog pictures) read from it, with
 * the headers the local directory's static route sends (their names are random or content-derived, so they never change).
 * With the local directory, app.ts keeps serving them with @fastify/static as before.
 */
export const storedUploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    exposeHeadRoute: false,
    schema: { params: z.object({ '*': z.string() }) },
    handler: async (request, reply) => {
      const name = request.params['*'];
      if (!UPLOAD.test(name)) throw notFound('No such file.');
      const key = `uploads/${name}`;
      const found = request.method === 'HEAD' ? await ctx.storage.head(key) : await ctx.storage.get(key);
      if (!found) throw notFound('No such file.');
      reply
        .header('content-type', contentTypeOf(key))
        .header('cache-control', 'public, max-age=2592000, immutable')
        .header('content-length', String(found.size));
      return 'body' in found ? reply.send(found.body) : reply.send();
    },
  });
};
