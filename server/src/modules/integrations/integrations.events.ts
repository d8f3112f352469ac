import type { WebhookEvent } from '@mm/contract';
import type { DbTransaction } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { JobQueue } from '../jobs/index.ts';
import { listEndpoints } from './integrations.queries.ts';
import { eventsOf } from './integrations.rules.ts';
import { queueDelivery } from './webhook-delivery.ts';

/**
 * The organization's endpoints, read once per transaction: an import that adds 5,000 members emits 5,000 events in one
 * transaction, which writes no endpoint meanwhile (endpoints are saved by their own calls, which emit nothing).
 */
const endpointsByTransaction = new WeakMap<DbTransaction, Map<number, ReturnType<typeof listEndpoints>>>();
function endpointsOf(trx: DbTransaction, organizationId: number): ReturnType<typeof listEndpoints> {
  const cached = endpointsByTransaction.get(trx) ?? new Map<number, ReturnType<typeof listEndpoints>>();
  endpointsByTransaction.set(trx, cached);
  const endpoints = cached.get(organizationId) ?? listEndpoints(trx, organizationId);
  cached.set(organizationId, endpoints);
  return endpoints;
}

/** A delivery row (and its job) per endpoint of the organization subscribed to the event, in the event's transaction. */
async function announce(jobs: JobQueue, trx: DbTransaction, organizationId: number | null, event: WebhookEvent, data: unknown, t: number) {
  if (organizationId === null) return;
  for (const endpoint of await endpointsOf(trx, organizationId)) {
    if (eventsOf(endpoint.events).includes(event)) await queueDelivery({ jobs }, trx, { endpointId: endpoint.id, organizationId, event, data }, t);
  }
}

/** The webhooks' handlers: each event an endpoint may subscribe to, written as outbox rows (docs/architecture.md, "Domain events"). */
export function subscribeIntegrations(events: DomainEvents, jobs: JobQueue): void {
  events.on('member.created', 'integrations: webhooks', (trx, e) =>
    announce(jobs, trx, e.organizationId, 'member.created', { user_id: e.userId, organization_id: e.organizationId }, e.at),
  );
  events.on('member.deactivated', 'integrations: webhooks', (trx, e) =>
    announce(jobs, trx, e.organizationId, 'member.deactivated', { user_id: e.userId, organization_id: e.organizationId }, e.at),
  );
  events.on('certificate.issued', 'integrations: webhooks', (trx, e) =>
    announce(
      jobs,
      trx,
      e.organizationId,
      'certificate.issued',
      {
        certificate_id: e.certificateId,
        user_id: e.userId,
        kind: e.kind,
        category_id: e.categoryId,
        sub_category_id: e.subCategoryId,
        verification_code: e.verificationCode,
      },
      e.at,
    ),
  );
  events.on('check.passed', 'integrations: webhooks', (trx, e) =>
    announce(
      jobs,
      trx,
      e.organizationId,
      'check.passed',
      { user_id: e.userId, check_id: e.checkId, video_id: e.videoId, attempt_id: e.attemptId, score_percent: e.scorePercent },
      e.at,
    ),
  );
  events.on('watch.reported', 'integrations: webhooks (video.completed)', async (trx, e) => {
    if (!e.watched) return;
    await announce(
      jobs,
      trx,
      e.organizationId,
      'video.completed',
      { user_id: e.userId, video_id: e.video.id, video_title: e.video.title, revision: e.video.revision },
      e.at,
    );
  });
}
