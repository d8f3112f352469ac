/** The renditions module's public face: what other modules may use of it (they import nothing else of it). */

export { RENDITIONS_QUEUE, runRenditionsJob, wakeRenditions } from './next-rendition.ts';
export { preferVideos } from './preferred-videos.ts';
export { recordPreparations } from './preparation.queries.ts';
export { preparationOf, preparationsOfMedia } from './preparation-state.ts';
