import type { DomainEvents } from '../../lib/domain-events.ts';
import { rebuildSearchDocuments, reindexNameDocument, reindexVideoDocument } from './search-index.queries.ts';

/** What search does when other modules report a fact (docs/architecture.md, "Domain events"). */
export function subscribeSearch(events: DomainEvents): void {
  // Search answers what the import just wrote, or (on a rollback) what was there before.
  events.on('catalog.imported', 'search: rebuild the index', (trx) => rebuildSearchDocuments(trx));
  // A member finds a lesson by the translated title they are shown.
  events.on('video.title_drafted', 'search: index the translated title', (trx, e) => reindexVideoDocument(trx, e.videoId));
  // And a category or sub-category by the translated name they are shown.
  events.on('catalog.name_drafted', 'search: index the translated name', (trx, e) => reindexNameDocument(trx, e.kind, e.subjectId));
}
