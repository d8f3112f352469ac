import { DomainEvents } from './lib/domain-events.ts';
import { subscribeAuth } from './modules/auth/auth.events.ts';
import { subscribeIntegrations } from './modules/integrations/integrations.events.ts';
import type { JobQueue } from './modules/jobs/index.ts';
import { subscribeLearning } from './modules/learning/learning.events.ts';
import { subscribeQualifications } from './modules/qualifications/qualifications.events.ts';
import { subscribeSearch } from './modules/search/search.events.ts';
import { subscribeSettings } from './modules/settings/settings.events.ts';

/**
 * The platform's domain events with every module's handlers (lib/domain-events.ts), built once per platform (app.ts,
 * the operator commands). The order of the calls is the order handlers run in: qualifications before learning keeps a
 * watch report taking the qualification rows before the kept figures, as the import does (retraining, then the
 * figures' recount), so two such transactions on PostgreSQL never wait for each other in opposite orders. `jobs`: the
 * queue the webhooks' deliveries and xAPI statements are enqueued into, within the event's transaction; `site`: the
 * configuration whose public URL is the base of the statements' actor accounts and activity ids (read when a statement
 * is written).
 */
export function createDomainEvents(jobs: JobQueue, site: { readonly publicUrl: string }): DomainEvents {
  const events = new DomainEvents();
  subscribeQualifications(events);
  subscribeLearning(events);
  subscribeSearch(events);
  subscribeAuth(events);
  // The webhooks' outbox rows (and their jobs), written with each announced fact.
  subscribeIntegrations(events, jobs, site);
  // Last: the version renewed once everything the catalog's readers keep has been rewritten.
  subscribeSettings(events);
  return events;
}
