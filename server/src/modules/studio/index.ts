/** The studio module's public face: what other modules may use of it (they import nothing else of it). */

export { STUDIO_SCRIPT_QUEUE, type StudioScriptJob } from './script-lesson.ts';
export { renderScriptJob, type StudioVersionJob } from './script-version.ts';
export { publishedLessonIdsOf as publishedOwnLessonIds, publishedLessonTitlesOf as publishedOwnLessonTitles } from './studio.queries.ts';
export { memberPathOwnLessons, ownLessonsFound, pathOwnLessons } from './studio.service.ts';
export { type ImportedLesson, importLessonDetails, importOwnLesson, lessonsImportTarget, UNRENDERED_VERSION } from './studio-import.ts';
export { processStudioUpload, STUDIO_QUEUE, type StudioJob } from './studio-processing.ts';
export { setStudioQuota } from './studio-quota.ts';
export { finishedLocalUploads, lessonSourceCopy } from './studio-upload-store.ts';
export { expireAbandonedUploads } from './studio-uploads.ts';
