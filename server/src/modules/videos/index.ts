/** The videos module's public face: what other modules may use of it (they import nothing else of it). */
export { assertCanPlay, assertNotGuest, type Viewer, viewerOf } from './playback-access.ts';
export { resumeSeconds } from './resume.rules.ts';
export {
  CATALOG_CARD_COLUMNS,
  type CatalogCardRow,
  type MemberCardState,
  memberCardStates,
  memberVideoState,
  pageOfCards,
  selectVideoCards,
} from './video-cards.queries.ts';
export { formatDuration, namesFor, pictureOf, streamUrls, titlesFor, toVideoCard } from './video-cards.ts';
export { categoryTotals, listedAndVisible } from './visible-videos.queries.ts';
