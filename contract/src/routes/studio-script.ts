import { z } from 'zod';
import { defineRoute, defineRoutes } from '../route.ts';
import { studioLesson } from '../studio.ts';
import { studioScriptData, studioScriptPhoto, studioScriptRequest } from '../studio-script.ts';
import { idParam } from './params.ts';

const lessonParams = z.object({ lessonId: idParam });

/** Lessons from a script: the steps an author types, rendered by the server into a narrated slide lesson. */
export const studioScriptRoutes = defineRoutes('studio', {
  studioLessonScript: defineRoute({
    method: 'GET',
    path: '/api/studio/lessons/:lessonId/script',
    summary: "An own lesson's script (its steps) as last rendered, to edit it; null for a lesson from an uploaded video",
    params: lessonParams,
    answer: studioScriptData,
  }),
  renderStudioLessonScript: defineRoute({
    method: 'PUT',
    path: '/api/studio/lessons/:lessonId/script',
    // In the background; a published lesson gets a new revision.
    summary: "Save an own lesson's script (3 to 10 steps) and render it into a narrated slide lesson with English captions",
    params: lessonParams,
    body: studioScriptRequest,
    answer: studioLesson,
  }),
  uploadStudioScriptPhoto: defineRoute({
    method: 'POST',
    path: '/api/studio/script-photos',
    summary: "Upload a photo for a step of a lesson's script (field photo; decoded and re-encoded: only a real picture passes)",
    upload: true,
    answer: studioScriptPhoto,
    status: 201,
  }),
});
