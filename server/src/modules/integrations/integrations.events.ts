import type { WebhookEvent } from '@mm/contract';
import type { DbTransaction } from '../../db/client.ts';
import type { CheckPassed, DomainEvents, EventTransaction } from '../../lib/domain-events.ts';
import type { JobQueue } from '../jobs/index.ts';
import { listEndpoints } from './integrations.queries.ts';
import { eventsOf } from './integrations.rules.ts';
import { queueDelivery } from './webhook-delivery.ts';
import { queueStatement } from './xapi-delivery.ts';

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
export function subscribeIntegrations(events: DomainEvents, jobs: JobQueue, site: { readonly publicUrl: string }): void {
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
  events.on('qualification.changed', 'integrations: webhooks', (trx, e) =>
    announce(
      jobs,
      trx,
      e.organizationId,
      'qualification.changed',
      {
        user_id: e.userId,
        station_id: e.stationId,
        station_name: e.stationName,
        from: e.from,
        to: e.to,
        expires_at: e.expiresAt === null ? null : new Date(e.expiresAt).toISOString(),
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

  subscribeStatements(events, jobs, site);
}

/**
 * The xAPI statements (xapi.rules.ts), each written as a delivery row with its job in the fact's transaction when the
 * organization has a Learning Record Store switched on: a lesson first opened (experienced) and watched (completed),
 * a category certificate (completed), a knowledge check submitted (passed or failed, with the score).
 */
function subscribeStatements(events: DomainEvents, jobs: JobQueue, site: { readonly publicUrl: string }): void {
  events.on('watch.reported', 'integrations: xAPI statements (experienced, completed)', async (trx, e) => {
    const lesson = { path: `/video/${e.video.id}`, type: 'lesson' as const, name: e.video.title };
    if (e.started)
      await queueStatement(jobs, trx, site.publicUrl, e.organizationId, {
        key: `video:${e.video.id}:user:${e.userId}:experienced`,
        verb: 'experienced',
        userId: e.userId,
        at: e.at,
        object: lesson,
      });
    if (e.watched)
      await queueStatement(jobs, trx, site.publicUrl, e.organizationId, {
        key: `video:${e.video.id}:user:${e.userId}:completed`,
        verb: 'completed',
        userId: e.userId,
        at: e.at,
        object: lesson,
      });
  });
  events.on('certificate.issued', 'integrations: xAPI statements (completed)', async (trx, e) => {
    if (e.kind !== 'category') return;
    await queueStatement(jobs, trx, site.publicUrl, e.organizationId, {
      key: `certificate:${e.certificateId}`,
      verb: 'completed',
      userId: e.userId,
      at: e.at,
      object: { path: `/category/${e.categoryId}`, type: 'course' },
    });
  });
  const checkStatement = (verb: 'passed' | 'failed') => (trx: EventTransaction, e: Readonly<CheckPassed>) =>
    queueStatement(jobs, trx, site.publicUrl, e.organizationId, {
      key: `check-attempt:${e.attemptId}`,
      verb,
      userId: e.userId,
      at: e.at,
      object: { path: `/video/${e.videoId}/check`, type: 'assessment' },
      score: { percent: e.scorePercent, success: verb === 'passed' },
    }).then(() => undefined);
  events.on('check.passed', 'integrations: xAPI statements (passed)', checkStatement('passed'));
  events.on('check.failed', 'integrations: xAPI statements (failed)', checkStatement('failed'));
}
