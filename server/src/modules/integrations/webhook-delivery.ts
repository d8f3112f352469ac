import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { INTEGRATIONS_MESSAGES, WEBHOOK_HEADERS } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbTransaction } from '../../db/client.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { addressesOf, isPrivateAddress } from '../../lib/network-address.ts';
import { attemptDelivery } from './delivery-attempt.ts';
import { deliveryToSend, insertDelivery } from './integrations.queries.ts';
import { responseExcerpt, webhookSignature } from './integrations.rules.ts';

/** The queue of webhook deliveries: one job per attempt (the next attempt is a new job, written with the failure). */
export const WEBHOOK_QUEUE = 'webhook-deliver';
/** The queue's own retries cover an instance dying mid-attempt; the 24-hour backoff is the delivery's (retryOrGiveUp). */
export const WEBHOOK_QUEUE_SETTINGS = { retryLimit: 5, retryDelayMs: 30_000, leaseMs: 2 * MINUTE };

const TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (the log keeps an excerpt). */
const MAX_ANSWER_BYTES = 4096;

/** A refusal of an address, told apart from a failed attempt. */
export class AddressRefused extends Error {}

/**
 * Where an endpoint URL may point: https (http too where private addresses are allowed: a plant's own network), and a
 * host whose every address is public unless WEBHOOK_ALLOW_PRIVATE=1. Answers the address to connect to, so the
 * delivery connects to the very address checked (a DNS answer that changes between check and connect cannot slip
 * a private address in). Checked at registration and again before every attempt.
 */
export async function checkedAddress(url: string, allowPrivate: boolean): Promise<{ url: URL; address: string; family: number }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AddressRefused(INTEGRATIONS_MESSAGES.httpsOnly);
  }
  if (!['https:', 'http:'].includes(parsed.protocol) || parsed.username || parsed.password) throw new AddressRefused(INTEGRATIONS_MESSAGES.httpsOnly);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await addressesOf(parsed.hostname);
  } catch {
    throw new AddressRefused(INTEGRATIONS_MESSAGES.unresolvable);
  }
  const first = addresses[0];
  if (!first) throw new AddressRefused(INTEGRATIONS_MESSAGES.unresolvable);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(INTEGRATIONS_MESSAGES.privateAddress);
  if (parsed.protocol === 'http:' && !allowPrivate) throw new AddressRefused(INTEGRATIONS_MESSAGES.httpsOnly);
  return { url: parsed, address: first.address, family: first.family };
}

/** checkedAddress for a super user's registration: a refusal is a 400. */
export async function assertEndpointAllowed(ctx: AppContext, url: string): Promise<void> {
  try {
    await checkedAddress(url, ctx.config.integrations.allowPrivateWebhooks);
  } catch (error) {
    if (error instanceof AddressRefused) throw badRequest(error.message);
    throw error;
  }
}

/** One POST to the checked address (webhooks, xAPI statements); answers the status and the first bytes of the answer. */
export function postToCheckedAddress(
  target: { url: URL; address: string; family: number },
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, timeout: TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Writes a delivery of `event` to an endpoint and its job, both in the caller's transaction (the event's own, or the
 * test button's): a rolled-back fact is never announced, and a committed one always has its job.
 */
export async function queueDelivery(
  ctx: Pick<AppContext, 'jobs'>,
  trx: DbTransaction,
  delivery: { endpointId: number; organizationId: number; event: string; data: unknown },
  t: number,
): Promise<number> {
  const body = JSON.stringify({ event: delivery.event, occurred_at: new Date(t).toISOString(), organization_id: delivery.organizationId, data: delivery.data });
  const id = await insertDelivery(trx, { endpointId: delivery.endpointId, organizationId: delivery.organizationId, event: delivery.event, body }, t);
  await ctx.jobs.enqueueWithin(trx, WEBHOOK_QUEUE, { deliveryId: id });
  return id;
}

/**
 * One attempt of a delivery (the job of WEBHOOK_QUEUE): a signed POST to the endpoint's checked address, with the
 * outboxes' claim, log and 24-hour backoff (attemptDelivery). A removed endpoint fails it at once.
 */
export async function deliverWebhook(ctx: AppContext, deliveryId: number): Promise<void> {
  const delivery = await deliveryToSend(ctx.db, deliveryId);
  if (delivery?.status !== 'pending') return;
  const outbox = {
    table: 'webhook_deliveries',
    queue: WEBHOOK_QUEUE,
    leaseMs: WEBHOOK_QUEUE_SETTINGS.leaseMs,
    failureLogEvent: 'webhook_attempt_failed',
  } as const;
  await attemptDelivery(ctx, outbox, delivery, async () => {
    if (delivery.deleted_at !== null) return { status: null, excerpt: 'The endpoint was removed.', final: true };
    try {
      const target = await checkedAddress(delivery.url, ctx.config.integrations.allowPrivateWebhooks);
      const timestamp = Math.floor(now() / 1000);
      const answer = await postToCheckedAddress(
        target,
        {
          'content-type': 'application/json',
          'user-agent': 'ManufacturingMasters-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, timestamp, delivery.body),
        },
        delivery.body,
      );
      return { status: answer.status, excerpt: responseExcerpt(answer.text) };
    } catch (error) {
      return { status: null, excerpt: responseExcerpt(String((error as Error).message ?? error)) };
    }
  });
}
