import type { DomainEvents } from '../../lib/domain-events.ts';
import { renewCatalogVersion } from './catalog-version.ts';

/** What settings do when other modules report a fact (docs/architecture.md, "Domain events"). */
export function subscribeSettings(events: DomainEvents): void {
  // Every instance drops what it kept from the catalog before (search candidates, paths, cards) once the import commits.
  events.on('catalog.imported', 'settings: renew the catalog version', (trx) => renewCatalogVersion(trx));
}
