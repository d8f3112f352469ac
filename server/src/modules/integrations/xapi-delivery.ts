import type { AppContext } from '../../app-context.ts';
import type { DbTransaction } from '../../db/client.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import { unseal } from '../../lib/secret-box.ts';
import type { JobQueue } from '../jobs/index.ts';
import { attemptDelivery } from './delivery-attempt.ts';
import { responseExcerpt } from './integrations.rules.ts';
import { checkedAddress, postToCheckedAddress } from './webhook-delivery.ts';
import { findLrs, insertStatementDelivery, statementToSend } from './xapi.queries.ts';
import { basicAuthOf, type StatementFact, statementOf, statementsUrlOf, XAPI_VERSION } from './xapi.rules.ts';

/** The queue of statement deliveries: one job per attempt, the next written with the failure (as the webhooks'). */
export const XAPI_QUEUE = 'xapi-deliver';
export const XAPI_QUEUE_SETTINGS = { retryLimit: 5, retryDelayMs: 30_000, leaseMs: 2 * MINUTE };

/**
 * Writes a statement's delivery and its job in the caller's transaction (the fact's own, or the test button's), when
 * the organization has an LRS switched on. A statement id the organization already has is not written again.
 * Answers the delivery's id (null: nothing written).
 */
export async function queueStatement(
  jobs: JobQueue,
  trx: DbTransaction,
  publicUrl: string,
  organizationId: number | null,
  fact: StatementFact,
): Promise<number | null> {
  if (organizationId === null) return null;
  const lrs = await findLrs(trx, organizationId);
  if (lrs?.enabled !== 1) return null;
  const statement = statementOf(publicUrl, organizationId, fact);
  const id = await insertStatementDelivery(
    trx,
    { organizationId, statementId: statement.id, verb: fact.verb, objectId: `${publicUrl}${fact.object.path}`, body: JSON.stringify(statement) },
    now(),
  );
  if (id !== null) await jobs.enqueueWithin(trx, XAPI_QUEUE, { deliveryId: id });
  return id;
}

/**
 * One attempt of a statement (the job of XAPI_QUEUE): POST to the LRS's statements resource with basic auth and
 * `X-Experience-API-Version: 1.0.3`, to the address checked as the webhooks' are. A 2xx answer delivers it; a 409
 * (the LRS holds a different statement under this id) fails it at once, since sending it again cannot help;
 * anything else is retried with the webhooks' backoff for 24 hours. Claimed for the attempt, so two instances
 * never send it at once; the LRS keeps a statement sent twice (an answer lost) once, by its id.
 */
export async function deliverStatement(ctx: AppContext, deliveryId: number): Promise<void> {
  const delivery = await statementToSend(ctx.db, deliveryId);
  if (delivery?.status !== 'pending') return;
  const outbox = { table: 'xapi_deliveries', queue: XAPI_QUEUE, leaseMs: XAPI_QUEUE_SETTINGS.leaseMs, failureLogEvent: 'xapi_attempt_failed' } as const;
  await attemptDelivery(ctx, outbox, delivery, async () => {
    if (delivery.endpoint === null || delivery.username === null || delivery.enabled !== 1)
      return { status: null, excerpt: 'The Learning Record Store was removed or switched off.', final: true };
    const secret = delivery.secret_sealed && ctx.config.sso.secretKey ? unseal(ctx.config.sso.secretKey, delivery.secret_sealed) : null;
    if (secret === null) return { status: null, excerpt: 'The LRS secret cannot be read (SSO_SECRET_KEY unset or changed): enter it again.' };
    try {
      const target = await checkedAddress(statementsUrlOf(delivery.endpoint), ctx.config.integrations.allowPrivateWebhooks);
      const answer = await postToCheckedAddress(
        target,
        {
          'content-type': 'application/json',
          'user-agent': 'ManufacturingMasters-xAPI/1',
          'x-experience-api-version': XAPI_VERSION,
          authorization: basicAuthOf(delivery.username, secret),
        },
        delivery.body,
      );
      return { status: answer.status, excerpt: responseExcerpt(answer.text), final: answer.status === 409 };
    } catch (error) {
      return { status: null, excerpt: responseExcerpt(String((error as Error).message ?? error)) };
    }
  });
}
