import { QUESTION_IMAGE_MAX_BYTES, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendCsv } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { callerOf } from '../auth/index.ts';
import {
  addQuestion,
  approveDraft,
  categoryCheckBank,
  checkResults,
  checkResultsCsv,
  draftFromTranscript,
  editQuestion,
  memberCategoryCheck,
  memberCheck,
  removeQuestion,
  saveCategoryCheck,
  saveCheck,
  startAttempt,
  startCategoryAttempt,
  submitAttempt,
  uploadQuestionImage,
  videoBank,
} from './assessments.service.ts';

/**
 * Assessments: the bank and check a super user authors for a video, and a member's attempts at the check. Taking a
 * check (reading it, starting, submitting) is open to a kiosk session, whose member takes it on the team's tablet.
 */
export const assessmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.assessmentBank), handler: async (request) => ok(await videoBank(ctx, callerOf(request), request.params.videoId)) });

  app.route({
    ...contractRoute(routes.addAssessmentQuestion),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await addQuestion(ctx, callerOf(request), request.params.videoId, request.body), 'The question is added.')),
  });

  app.route({
    ...contractRoute(routes.draftAssessmentQuestions),
    handler: async (request, reply) => {
      const data = await draftFromTranscript(ctx, callerOf(request), request.params.videoId);
      return reply.status(201).send(ok(data, `${data.drafted.length} draft questions are added for your review.`));
    },
  });

  app.route({
    ...contractRoute(routes.approveAssessmentQuestion),
    handler: async (request) => ok(await approveDraft(ctx, callerOf(request), request.params.questionId), 'The question is approved.'),
  });

  app.route({
    ...contractRoute(routes.uploadAssessmentImage),
    handler: async (request, reply) => {
      const file = await readUpload(request, 'image', QUESTION_IMAGE_MAX_BYTES, 'image: may be at most 5 MB');
      return reply.status(201).send(ok(await uploadQuestionImage(ctx, callerOf(request), file)));
    },
  });

  app.route({
    ...contractRoute(routes.editAssessmentQuestion),
    handler: async (request) => ok(await editQuestion(ctx, callerOf(request), request.params.questionId, request.body), 'The question is saved.'),
  });

  app.route({
    ...contractRoute(routes.deleteAssessmentQuestion),
    handler: async (request) => ok(await removeQuestion(ctx, callerOf(request), request.params.questionId), 'The question is removed.'),
  });

  app.route({
    ...contractRoute(routes.saveAssessmentCheck),
    handler: async (request) => ok(await saveCheck(ctx, callerOf(request), request.params.videoId, request.body), 'The check is saved.'),
  });

  app.route({
    ...contractRoute(routes.assessmentResults),
    handler: async (request) => ok(await checkResults(ctx, callerOf(request), { videoId: request.params.videoId }, request.query)),
  });

  app.route({
    ...contractRoute(routes.assessmentResultsCsv),
    handler: async (request, reply) =>
      sendCsv(reply, await checkResultsCsv(ctx, callerOf(request), { videoId: request.params.videoId }), `check-results-${request.params.videoId}.csv`),
  });

  app.route({
    ...contractRoute(routes.memberAssessmentCheck),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await memberCheck(ctx, callerOf(request), request.params.videoId)),
  });

  app.route({
    ...contractRoute(routes.startAssessmentAttempt),
    config: { kiosk: 'open' },
    handler: async (request, reply) => reply.status(201).send(ok(await startAttempt(ctx, callerOf(request), request.params.videoId))),
  });

  app.route({
    ...contractRoute(routes.saveCategoryCheck),
    handler: async (request) => ok(await saveCategoryCheck(ctx, callerOf(request), request.params.categoryId, request.body), 'The check is saved.'),
  });

  app.route({
    ...contractRoute(routes.categoryAssessmentBank),
    handler: async (request) => ok(await categoryCheckBank(ctx, callerOf(request), request.params.categoryId)),
  });

  app.route({
    ...contractRoute(routes.categoryAssessmentResults),
    handler: async (request) => ok(await checkResults(ctx, callerOf(request), { categoryId: request.params.categoryId }, request.query)),
  });

  app.route({
    ...contractRoute(routes.categoryAssessmentResultsCsv),
    handler: async (request, reply) =>
      sendCsv(
        reply,
        await checkResultsCsv(ctx, callerOf(request), { categoryId: request.params.categoryId }),
        `category-check-results-${request.params.categoryId}.csv`,
      ),
  });

  app.route({
    ...contractRoute(routes.memberCategoryCheck),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await memberCategoryCheck(ctx, callerOf(request), request.params.categoryId)),
  });

  app.route({
    ...contractRoute(routes.startCategoryAttempt),
    config: { kiosk: 'open' },
    handler: async (request, reply) => reply.status(201).send(ok(await startCategoryAttempt(ctx, callerOf(request), request.params.categoryId))),
  });

  app.route({
    ...contractRoute(routes.submitAssessmentAttempt),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await submitAttempt(ctx, callerOf(request), request.params.attemptId, request.body)),
  });
};
