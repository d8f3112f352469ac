import { z } from 'zod';
import {
  attemptData,
  attemptResult,
  bankQuestion,
  categoryBankData,
  categoryCheckSettings,
  checkResultsData,
  checkResultsQuery,
  checkSettings,
  memberCheckData,
  questionImageData,
  questionInput,
  submitAttemptRequest,
  videoBankData,
} from '../assessments.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam } from './params.ts';

const videoParams = z.object({ videoId: idParam });
const categoryParams = z.object({ categoryId: idParam });
const questionParams = z.object({ questionId: idParam });
const attemptParams = z.object({ attemptId: idParam });

/** Assessments: question banks and knowledge checks on videos, authored by super users and taken by members. */
export const assessmentsRoutes = defineRoutes('assessments', {
  assessmentBank: defineRoute({
    method: 'GET',
    path: '/api/assessments/videos/:videoId/bank',
    summary: "A video's question bank and check, as their author sees them (answers included)",
    params: videoParams,
    answer: videoBankData,
  }),
  addAssessmentQuestion: defineRoute({
    method: 'POST',
    path: '/api/assessments/videos/:videoId/questions',
    summary: "Add a question to a video's bank",
    params: videoParams,
    body: questionInput,
    answer: bankQuestion,
    status: 201,
  }),
  uploadAssessmentImage: defineRoute({
    method: 'POST',
    path: '/api/assessments/images',
    summary: "Upload a picture for a pick-the-picture question's option (re-encoded; field image)",
    upload: true,
    answer: questionImageData,
    status: 201,
  }),
  editAssessmentQuestion: defineRoute({
    method: 'PUT',
    path: '/api/assessments/questions/:questionId',
    summary: 'Change a question of the bank',
    params: questionParams,
    body: questionInput,
    answer: bankQuestion,
  }),
  deleteAssessmentQuestion: defineRoute({
    method: 'DELETE',
    path: '/api/assessments/questions/:questionId',
    summary: 'Remove a question from the bank',
    params: questionParams,
    answer: z.object({ id: z.number() }),
  }),
  saveAssessmentCheck: defineRoute({
    method: 'PUT',
    path: '/api/assessments/videos/:videoId/check',
    summary: 'Attach a knowledge check to a video, or change it',
    params: videoParams,
    body: checkSettings,
    answer: checkSettings,
  }),
  assessmentResults: defineRoute({
    method: 'GET',
    path: '/api/assessments/videos/:videoId/results',
    summary: "A check's results: members who took it and passed, the questions people get wrong, each member's standing",
    params: videoParams,
    query: checkResultsQuery,
    answer: checkResultsData,
  }),
  assessmentResultsCsv: defineRoute({
    method: 'GET',
    path: '/api/assessments/videos/:videoId/results.csv',
    summary: "Download a check's results per member (CSV)",
    params: videoParams,
    answer: 'file',
    files: ['text/csv'],
  }),
  memberAssessmentCheck: defineRoute({
    method: 'GET',
    path: '/api/assessments/videos/:videoId/check',
    summary: "The video's knowledge check as the member sees it: rules, attempts used, when the next may start",
    params: videoParams,
    answer: memberCheckData,
  }),
  startAssessmentAttempt: defineRoute({
    method: 'POST',
    path: '/api/assessments/videos/:videoId/attempts',
    summary: 'Start an attempt at the check (or resume the open one): the questions drawn, without their answers',
    params: videoParams,
    answer: attemptData,
    status: 201,
  }),
  saveCategoryCheck: defineRoute({
    method: 'PUT',
    path: '/api/assessments/categories/:categoryId/check',
    summary: "Attach a check to a category's end (drawn from its videos' banks), optionally required for its certificate",
    params: categoryParams,
    body: categoryCheckSettings,
    answer: categoryCheckSettings,
  }),
  categoryAssessmentBank: defineRoute({
    method: 'GET',
    path: '/api/assessments/categories/:categoryId/bank',
    summary: "A category's check and the bank it draws from (the questions on its videos), as their author sees them",
    params: categoryParams,
    answer: categoryBankData,
  }),
  categoryAssessmentResults: defineRoute({
    method: 'GET',
    path: '/api/assessments/categories/:categoryId/results',
    summary: "A category's check results: members who took it and passed, the questions people get wrong, each member's standing",
    params: categoryParams,
    query: checkResultsQuery,
    answer: checkResultsData,
  }),
  categoryAssessmentResultsCsv: defineRoute({
    method: 'GET',
    path: '/api/assessments/categories/:categoryId/results.csv',
    summary: "Download a category's check results per member (CSV)",
    params: categoryParams,
    answer: 'file',
    files: ['text/csv'],
  }),
  memberCategoryCheck: defineRoute({
    method: 'GET',
    path: '/api/assessments/categories/:categoryId/check',
    summary: "The category's check as the member sees it: rules, attempts used, when the next may start",
    params: categoryParams,
    answer: memberCheckData,
  }),
  startCategoryAttempt: defineRoute({
    method: 'POST',
    path: '/api/assessments/categories/:categoryId/attempts',
    summary: "Start an attempt at the category's check (or resume the open one): the questions, without their answers",
    params: categoryParams,
    answer: attemptData,
    status: 201,
  }),
  submitAssessmentAttempt: defineRoute({
    method: 'POST',
    path: '/api/assessments/attempts/:attemptId/submit',
    summary: 'Submit the answers of an attempt: scored on the server; the result says what was wrong and why',
    params: attemptParams,
    body: submitAttemptRequest,
    answer: attemptResult,
  }),
});
