/** The search module's public face: what other modules may use of it (they import nothing else of it). */
export { rebuildSearchDocuments } from './search-index.queries.ts';
