import { z } from 'zod';
import { defineRoute, defineRoutes } from '../route.ts';
import {
  createStudioLessonRequest,
  lessonWatchData,
  lessonWatchRequest,
  libraryLessonData,
  libraryLessonsData,
  libraryQuery,
  studioAuditData,
  studioAuditQuery,
  studioAuthor,
  studioAuthorRequest,
  studioCaptionsRequest,
  studioLesson,
  studioLessonsData,
  studioPeopleData,
  studioPeopleQuery,
} from '../studio.ts';
import { idParam } from './params.ts';

const lessonParams = z.object({ lessonId: idParam });
/** A tus upload's id: what the server named it (hex). */
const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'is not an upload id') });

/** The plant studio: the organization's own lessons, their uploads (tus) and their publication. */
export const studioRoutes = defineRoutes('studio', {
  studioLessons: defineRoute({
    method: 'GET',
    path: '/api/studio/lessons',
    summary: "The organization's own lessons (drafts, processing, published) for its authors and super users",
    answer: studioLessonsData,
  }),
  createStudioLesson: defineRoute({
    method: 'POST',
    path: '/api/studio/lessons',
    summary: 'Create a draft lesson of the organization (its video is uploaded next)',
    body: createStudioLessonRequest,
    answer: studioLesson,
    status: 201,
  }),
  studioLesson: defineRoute({
    method: 'GET',
    path: '/api/studio/lessons/:lessonId',
    summary: "One of the organization's own lessons, with its processing progress (polled while it processes)",
    params: lessonParams,
    answer: studioLesson,
  }),
  publishStudioLesson: defineRoute({
    method: 'POST',
    path: '/api/studio/lessons/:lessonId/publish',
    summary: "Publish a lesson whose video is ready: the organization's members see it from now on",
    params: lessonParams,
    answer: studioLesson,
  }),
  setStudioLessonCaptions: defineRoute({
    method: 'PUT',
    path: '/api/studio/lessons/:lessonId/captions',
    summary: "Replace a lesson's captions with a WebVTT file's text: members then find the lesson by what is said in it",
    params: lessonParams,
    body: studioCaptionsRequest,
    answer: studioLesson,
  }),
  studioAudit: defineRoute({
    method: 'GET',
    path: '/api/studio/audit',
    summary: "The studio's audit log for super users: who changed which lesson when (paged, newest first)",
    query: studioAuditQuery,
    answer: studioAuditData,
  }),
  studioPeople: defineRoute({
    method: 'GET',
    path: '/api/studio/authors',
    summary: "The super user's organization's people, authors first (q: words of a name, e-mail, employee number or role)",
    query: studioPeopleQuery,
    answer: studioPeopleData,
  }),
  setStudioAuthor: defineRoute({
    method: 'PUT',
    path: '/api/studio/authors/:userId',
    summary: "Make a member of the super user's organization an author of its lessons, or no longer one",
    params: z.object({ userId: idParam }),
    body: studioAuthorRequest,
    answer: studioAuthor,
  }),
  createStudioUpload: defineRoute({
    method: 'POST',
    path: '/api/studio/uploads',
    summary: 'tus creation: start a resumable upload of a lesson video (answers 201 with its Location, no body)',
    answer: z.null(),
    status: 201,
  }),
  studioUploadChunk: defineRoute({
    method: 'PATCH',
    path: '/api/studio/uploads/:uploadId',
    summary: 'tus: append bytes at Upload-Offset (answers 204 with the new offset; HEAD answers the offset to resume from)',
    params: uploadParams,
    answer: z.null(),
  }),
  studioLibrary: defineRoute({
    method: 'GET',
    path: '/api/studio/library',
    summary: "The organization's own published lessons, for its members (q: words of the title, category or description)",
    query: libraryQuery,
    answer: libraryLessonsData,
  }),
  studioLibraryLesson: defineRoute({
    method: 'GET',
    path: '/api/studio/library/:lessonId',
    summary: "One of the organization's own published lessons, with its stream",
    params: lessonParams,
    answer: libraryLessonData,
  }),
  reportLessonWatch: defineRoute({
    method: 'POST',
    path: '/api/studio/library/:lessonId/watch',
    summary: "A member's playing of an own published lesson: its watch time (watched at 90%, as a video), for their learning path",
    params: lessonParams,
    body: lessonWatchRequest,
    answer: lessonWatchData,
  }),
});
