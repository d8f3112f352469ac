import { routes, STUDIO_SCRIPT_PHOTO_MAX_BYTES } from '@mm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import type { RouteDoc } from '../../lib/route-doc.ts';
import { readUpload } from '../../lib/upload.ts';
import { callerOf } from '../auth/index.ts';
import { renderStudioLessonScript, studioLessonScript, uploadScriptPhoto } from './script-lesson.ts';
import { renderStudioLessonVersion, studioLessonVersion } from './script-version.ts';
import {
  createStudioLesson,
  deleteStudioLesson,
  draftStudioLessonCaptions,
  publishStudioLesson,
  reportLessonWatch,
  restoreStudioRevision,
  setStudioAuthor,
  setStudioLessonCaptions,
  setStudioVersionCaptions,
  studioAudit,
  studioLessonCaptions,
  studioLessonOf,
  studioLessonRevisions,
  studioLessons,
  studioLibrary,
  studioLibraryLesson,
  studioPeople,
  studioVersionCaptions,
  unpublishStudioLesson,
  updateStudioLesson,
} from './studio.service.ts';
import { createStudioUploads } from './studio-uploads.ts';

const headDoc: RouteDoc = {
  operationId: 'studioUploadOffset',
  summary: 'tus: how many bytes of an upload the server holds (Upload-Offset), to resume from there',
  tags: ['studio'],
  responses: { 200: { description: 'Upload-Offset and Upload-Length in the headers, no body.', type: 'null' } },
};

/**
 * The studio: its authors and super users list, create and publish the organization's own lessons and upload their
 * videos with the tus protocol (every tus request checked: the caller, the lesson, the upload's organization); its
 * members read the published ones in their library.
 */
export const studioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const uploads = await createStudioUploads(ctx);
  app.addHook('onClose', uploads.close);
  // tus appends arrive as a raw stream: left unread here, the tus server reads it.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /** Hands the request to the tus server, which answers it itself. */
  const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await uploads.server.handle(request.raw, reply.raw);
  };

  app.route({ ...contractRoute(routes.studioLessons), handler: async (request) => ok(await studioLessons(ctx, callerOf(request), request.query)) });

  app.route({
    ...contractRoute(routes.createStudioLesson),
    handler: async (request, reply) => {
      const lesson = await createStudioLesson(ctx, callerOf(request), request.body);
      return reply.status(201).send(ok(lesson, 'The lesson is created as a draft: upload its video.'));
    },
  });

  app.route({ ...contractRoute(routes.studioLesson), handler: async (request) => ok(await studioLessonOf(ctx, callerOf(request), request.params.lessonId)) });

  app.route({
    ...contractRoute(routes.publishStudioLesson),
    handler: async (request) => ok(await publishStudioLesson(ctx, callerOf(request), request.params.lessonId), 'The lesson is published.'),
  });

  app.route({
    ...contractRoute(routes.updateStudioLesson),
    handler: async (request) => ok(await updateStudioLesson(ctx, callerOf(request), request.params.lessonId, request.body), 'The lesson is saved.'),
  });

  app.route({
    ...contractRoute(routes.unpublishStudioLesson),
    handler: async (request) =>
      ok(await unpublishStudioLesson(ctx, callerOf(request), request.params.lessonId), 'The lesson is unpublished: your members no longer see it.'),
  });

  app.route({
    ...contractRoute(routes.deleteStudioLesson),
    handler: async (request) => ok(await deleteStudioLesson(ctx, callerOf(request), request.params.lessonId, uploads.forgetFiles), 'The lesson is deleted.'),
  });

  app.route({
    ...contractRoute(routes.studioLessonRevisions),
    handler: async (request) => ok(await studioLessonRevisions(ctx, callerOf(request), request.params.lessonId)),
  });

  app.route({
    ...contractRoute(routes.restoreStudioRevision),
    handler: async (request) =>
      ok(
        await restoreStudioRevision(ctx, callerOf(request), request.params.lessonId, request.params.revision, request.body),
        'The revision is restored as a new revision.',
      ),
  });

  app.route({
    ...contractRoute(routes.studioLessonCaptions),
    handler: async (request) => ok(await studioLessonCaptions(ctx, callerOf(request), request.params.lessonId, request.query.lang)),
  });

  app.route({
    ...contractRoute(routes.draftStudioLessonCaptions),
    handler: async (request) =>
      ok(await draftStudioLessonCaptions(ctx, callerOf(request), request.params.lessonId, request.body.lang), 'The machine translation is drafted: review it.'),
  });

  app.route({
    ...contractRoute(routes.setStudioLessonCaptions),
    handler: async (request) => ok(await setStudioLessonCaptions(ctx, callerOf(request), request.params.lessonId, request.body), 'The captions are saved.'),
  });

  app.route({
    ...contractRoute(routes.reportLessonWatch),
    handler: async (request) => ok(await reportLessonWatch(ctx, callerOf(request), request.params.lessonId, request.body)),
  });

  app.route({
    ...contractRoute(routes.studioLessonScript),
    handler: async (request) => ok(await studioLessonScript(ctx, callerOf(request), request.params.lessonId)),
  });

  app.route({
    ...contractRoute(routes.renderStudioLessonScript),
    handler: async (request) =>
      ok(await renderStudioLessonScript(ctx, callerOf(request), request.params.lessonId, request.body), 'The script is saved: its lesson is being rendered.'),
  });

  app.route({
    ...contractRoute(routes.studioLessonVersion),
    handler: async (request) => ok(await studioLessonVersion(ctx, callerOf(request), request.params.lessonId, request.params.lang)),
  });

  app.route({
    ...contractRoute(routes.renderStudioLessonVersion),
    handler: async (request) =>
      ok(
        await renderStudioLessonVersion(ctx, callerOf(request), request.params.lessonId, request.params.lang, request.body),
        'The Spanish steps are saved: the Spanish version is being rendered.',
      ),
  });

  app.route({
    ...contractRoute(routes.studioVersionCaptions),
    handler: async (request) => ok(await studioVersionCaptions(ctx, callerOf(request), request.params.lessonId, request.params.lang)),
  });

  app.route({
    ...contractRoute(routes.setStudioVersionCaptions),
    handler: async (request) =>
      ok(await setStudioVersionCaptions(ctx, callerOf(request), request.params.lessonId, request.params.lang, request.body), 'The captions are saved.'),
  });

  app.route({
    ...contractRoute(routes.uploadStudioScriptPhoto),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const file = await readUpload(request, 'photo', STUDIO_SCRIPT_PHOTO_MAX_BYTES, 'photo: may be at most 10 MB');
      return reply.status(201).send(ok(await uploadScriptPhoto(ctx, caller, file)));
    },
  });

  app.route({ ...contractRoute(routes.studioAudit), handler: async (request) => ok(await studioAudit(ctx, callerOf(request), request.query.page)) });

  app.route({ ...contractRoute(routes.studioPeople), handler: async (request) => ok(await studioPeople(ctx, callerOf(request), request.query.q)) });

  app.route({
    ...contractRoute(routes.setStudioAuthor),
    handler: async (request) => ok(await setStudioAuthor(ctx, callerOf(request), request.params.userId, request.body.author)),
  });

  app.route({
    ...contractRoute(routes.createStudioUpload),
    handler: async (request, reply) => {
      const id = await uploads.admit(callerOf(request), request.raw);
      await toTus(request, reply);
      // tus refused it after all (a header it reads differently): the upload was never made.
      if (reply.raw.statusCode !== 201) await uploads.forget(id);
    },
  });

  app.route({
    ...contractRoute(routes.studioUploadChunk),
    handler: async (request, reply) => {
      await uploads.assertOwnUpload(callerOf(request), request.params.uploadId);
      await toTus(request, reply);
    },
  });

  app.route({
    method: 'HEAD',
    url: '/studio/uploads/:uploadId',
    schema: { params: z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'is not an upload id') }) },
    config: { openapi: headDoc },
    handler: async (request, reply) => {
      await uploads.assertOwnUpload(callerOf(request), request.params.uploadId);
      await toTus(request, reply);
    },
  });

  app.route({ ...contractRoute(routes.studioLibrary), handler: async (request) => ok(await studioLibrary(ctx, callerOf(request), request.query)) });

  app.route({
    ...contractRoute(routes.studioLibraryLesson),
    handler: async (request) => ok(await studioLibraryLesson(ctx, callerOf(request), request.params.lessonId, request.query.lang)),
  });
};
