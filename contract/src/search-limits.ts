// The search call's limits, apart from its schemas: the header's search box needs them on every page, and zod need
// not come with them into the first page's script.

export const SEARCH_KINDS = ['videos', 'categories', 'sub_categories', 'experts', 'cues', 'own_lessons'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_TAKE_DEFAULT = 10;
export const SEARCH_TAKE_MAX = 50;
/** Totals are counted up to this (a common word can match most of the transcripts). */
export const SEARCH_TOTAL_CAP = 1000;
