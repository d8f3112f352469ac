import path from 'node:path';
import { PRIVATE_UPLOAD_FILES, PRIVATE_UPLOAD_FOLDERS, type PrivateUploadFolder } from '@mm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { failure } from '../../lib/envelope.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { RouteDoc } from '../../lib/route-doc.ts';
import { MEDIA_KEY_PREFIX, type Storage } from '../../lib/storage/storage.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { preparationsOfMedia } from '../renditions/index.ts';
import { HotFiles, mediaEtag } from './hot-files.ts';
import { parseRange, resolveMediaFile } from './media-files.ts';
import { grantOf, MEDIA_PREFIX, type MediaGate, mediaSigner } from './media-signer.ts';

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
 * sent from memory (segments, posters, captions: hot-files.ts) or streamed from the store (the local directory with
 * 1 MiB reads, or the bucket), or handed to nginx with X-Accel-Redirect when MEDIA_ACCEL_REDIRECT is set and the
 * store is the local directory (deploy/nginx.conf). With a bucket the app streams too rather than redirecting to a
 * presigned URL: HLS playlists name their segments relatively (they must stay under the signed path), and the web
 * app's Content-Security-Policy only lets the player fetch from its own origin. Not rate limited: a player fetches a
 * segment every few seconds and the signature already bounds what can be fetched. A URL under a grant (an own
 * lesson's) is served only while `gate` says the grant holds: none given, none holds.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; gate?: MediaGate }> = async (app, { ctx, gate }) => {
  const { storage } = ctx;
  const accelRedirect = storage.kind === 'local' ? ctx.config.mediaAccelRedirect : undefined;
  // nginx can only send files it can open: with a bucket the app streams (told once, so an operator is not left guessing).
  if (ctx.config.mediaAccelRedirect && !accelRedirect)
    ctx.log.warn({ event: 'media_accel_redirect_ignored', storage: storage.description }, 'MEDIA_ACCEL_REDIRECT applies to the local store only');
  const hotFiles = new HotFiles(ctx.config.mediaMemoryBytes, storage);

  const preparedAssets = new PreparedAssets(storage);

  /**
   * A file not in the store. Not prepared yet (a first start prepares in the background): a player that asks anyway
   * (the landing's clips, a page that does not read `preparing`) hears so, with when to ask again, and the asset goes
   * to the front of the queue. 404 stays for what will never be there.
   */
  async function answerNotPrepared(reply: FastifyReply, hash: string) {
    const preparing = (await preparationsOfMedia(ctx, [hash])).get(hash);
    if (!preparing || preparing.state === 'failed') throw notFound('No such media.');
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .header('retry-after', String(Math.min(30, preparing.seconds_left)))
      .send(failure(503, `This video is being prepared, about ${preparing.seconds_left} s.`));
  }

  // HEAD is declared with GET so it keeps the real Content-Length (Fastify's generated HEAD would read the file through).
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/:expires/:signature/:hash/*`,
    exposeHeadRoute: false,
    schema: { params },
    config: { openapi: mediaDoc },
    handler: async (request, reply) => {
      const { expires, signature, hash } = request.params;
      const target = resolveMediaFile(hash, request.params['*']);
      if (!target) throw notFound('No such media.');
      if (!(await mediaSigner(ctx.db)).verify(expires, signature, hash, request.params['*']))
        throw forbidden('This media link has expired or is not valid. Reload the page.');
      const grant = grantOf(expires);
      if (grant !== null && !(await gate?.(grant))) throw forbidden('This video is no longer available to you.');
      if (accelRedirect) {
        // nginx would answer an unprepared file with its own 404 page: the app says "being prepared" itself first.
        if (!(await preparedAssets.has(hash))) return answerNotPrepared(reply, hash);
        // nginx sends the file (sendfile, ranges, its own ETag) from its internal location; the app only decided access.
        return reply
          .header('content-type', target.type)
          .header('cache-control', target.cacheControl)
          .header('x-accel-redirect', `${accelRedirect}${hash}/${request.params['*']}`)
          .send();
      }
      const held = target.immutable ? await hotFiles.get(target.key) : null;
      const stat = held ? null : await storage.head(target.key);
      if (!held && !stat) return answerNotPrepared(reply, hash);
      const size = held ? held.bytes.length : (stat?.size ?? 0);
      const etag = held ? held.etag : mediaEtag(stat!);
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
      const found = await storage.get(target.key, { start, end });
      // Removed between the two looks (an asset being replaced): as absent as it now is.
      if (!found) throw notFound('No such media.');
      return reply.send(found.body);
    },
  });
};

const uploadParams = z.object({ expires: z.string(), signature: z.string(), folder: z.string(), name: z.string() });
const ownedUploadParams = uploadParams.extend({ owner: z.string() });
const uploadDoc = (operationId: string, summary: string): RouteDoc => ({
  operationId,
  summary,
  tags: ['media'],
  responses: {
    200: {
      description: 'The picture (image/webp, or image/jpeg for a studio photo).',
      content: { 'image/webp': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    },
  },
});
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * `/media/<expires>/<signature>/uploads/<folder>/<file>`: the private pictures (contract's private-uploads.ts), for
 * holders of the signed address an authorized answer carried (a question's picture to the member taking the check, a
 * step's photo to the kiosk recording it and to the organization's super users, a script step's photo to the
 * organization's authors). `<file>` is `<name>` or, for a studio photo, `<organization>/<name>`. Nothing else serves
 * them: no signature, a forged or an expired one is refused, an unknown picture is 404.
 */
export const privateUploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = async (request: FastifyRequest, reply: FastifyReply, p: { expires: string; signature: string; folder: string; file: string }) => {
    const { expires, signature, folder, file } = p;
    // A folder named by the request is looked up among the private ones only (never `constructor` or `__proto__`).
    if (!(PRIVATE_UPLOAD_FOLDERS as readonly string[]).includes(folder) || !PRIVATE_UPLOAD_FILES[folder as PrivateUploadFolder].test(file))
      throw notFound('No such file.');
    const key = `uploads/${folder}/${file}`;
    if (!(await mediaSigner(ctx.db)).verifyUpload(expires, signature, key)) throw forbidden('This picture link has expired or is not valid. Reload the page.');
    const found = request.method === 'HEAD' ? await ctx.storage.head(key) : await ctx.storage.get(key);
    if (!found) throw notFound('No such file.');
    // Private to the holder; the address changes every hour, so the browser may keep it that long.
    const type = CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    reply.header('content-type', type).header('cache-control', 'private, max-age=3600').header('content-length', String(found.size));
    return 'body' in found ? reply.send(found.body) : reply.send();
  };
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/:expires/:signature/uploads/:folder/:name`,
    exposeHeadRoute: false,
    schema: { params: uploadParams },
    config: { openapi: uploadDoc('privateUpload', "A knowledge check's question picture or a practical check's photo behind a signed URL") },
    handler: (request, reply) => serve(request, reply, { ...request.params, file: request.params.name }),
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/:expires/:signature/uploads/:folder/:owner/:name`,
    exposeHeadRoute: false,
    schema: { params: ownedUploadParams },
    config: { openapi: uploadDoc('privateStudioPhoto', "A studio script step's photo, private to its organization, behind a signed URL") },
    handler: (request, reply) => serve(request, reply, { ...request.params, file: `${request.params.owner}/${request.params.name}` }),
  });
};

/**
 * Assets whose renditions are complete, which is when their master playlist is in the store (written last). Checked
 * once per asset and instance before nginx is sent for a file: a content-addressed asset, once complete, stays so.
 */
class PreparedAssets {
  readonly #known = new Set<string>();

  constructor(private readonly storage: Storage) {}

  async has(hash: string): Promise<boolean> {
    if (this.#known.has(hash)) return true;
    if (!(await this.storage.head(`${MEDIA_KEY_PREFIX}${hash}/${MASTER_PLAYLIST}`))) return false;
    this.#known.add(hash);
    return true;
  }
}

/**
 * Whether a path under `/uploads/` names a private picture (folder `questions` or `practical`), however it is spelled
 * (`//questions`, `./questions`, `%71uestions`): the public uploads route refuses those.
 */
export function isPrivateUpload(pathName: string): boolean {
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  const first = path.posix
    .normalize(`/${decoded.replaceAll('\\', '/')}`)
    .split('/')
    .find((segment) => segment !== '');
  return (PRIVATE_UPLOAD_FOLDERS as readonly string[]).includes((first ?? '').toLowerCase());
}
