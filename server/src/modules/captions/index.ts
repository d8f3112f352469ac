/** The captions module's public face: what other modules may use of it (they import nothing else of it). */
export { ApertiumError } from './apertium.ts';
export { CAPTION_DRAFTS_QUEUE, type DraftOutcome, draftAllTranslations, draftCaptions, queueCaptionDrafts } from './caption-drafts.ts';
export { CAPTIONS_FILE, storeCaptionTrack } from './caption-files.ts';
export { authorTranscriptOf, replaceVideoCaptions, type StoredTrack } from './captions.queries.ts';
export { captionTracksOf } from './captions.ts';
export { replaceNameTranslations } from './name-translations.queries.ts';
export { type LocalNames, nameKey, namesIn, translatedNames } from './name-translations.ts';
export { draftTitles, TITLE_DRAFTS_QUEUE } from './title-drafts.ts';
export { replaceVideoTitleTranslations } from './title-translations.queries.ts';
export { type LocalTitle, type LocalTitles, titleIn, titlesIn, translatedTexts } from './title-translations.ts';
export { canMachineTranslate, machineLabelOf, machineTranslate, machineTranslateCues } from './translate-cues.ts';
export { type Cue, MAX_CAPTION_BYTES, parseWebVtt, WebVttError } from './webvtt.ts';
