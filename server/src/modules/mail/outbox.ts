import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';
import { backoffMs, type JobQueue } from '../jobs/index.ts';
import { claimMessage, dueMessages, enqueueMails, findMessage, markAttemptFailed, markSent, type OutboxMessage } from './outbox.queries.ts';
import type { Mail } from './templates.ts';

/**
 * Every message is written to the outbox table first, then delivered.
 * Without SMTP_URL the outbox itself is the destination (status 'captured', shown on /dev/outbox);
 * with SMTP_URL each message is delivered by a job of the queue ('mail-deliver', one per message), retried with
 * backoff while the server refuses it; after MAX_ATTEMPTS it is 'failed', so nothing is lost silently. The row itself
 * is claimed for the delivery (a lease as long as the job's), so two deliveries of one message never meet.
 */
export type Mailer = {
  send(to: string, kind: string, mail: Mail): Promise<void>;
  /** Delivers one message (the 'mail-deliver' job); throws while it should be tried again. */
  deliverMessage(outboxId: number): Promise<void>;
  /**
   * Queues a delivery job for every pending message due for at least `dueFor` ms and with none waiting: after messages
   * written in a transaction (enqueueMails, dueFor 0), and every minute (LOST_AFTER) for a message whose job was lost
   * (its instance died between writing the message and queuing it).
   */
  queuePending(dueFor?: number): Promise<number>;
  /** Delivers the due messages in this process now, without the queue (the command line, tests). */
  deliverPending(): Promise<number>;
  close(): void;
};

export const MAX_ATTEMPTS = 10;
/** The delivery queue: MAX_ATTEMPTS runs, the first retry after 2 s, then doubling. */
export const MAIL_QUEUE = 'mail-deliver';
export const MAIL_RETRY_DELAY_MS = 2000;
/** A pending message due for longer than this has no live job: the minute sweep queues it again. */
export const LOST_AFTER = MINUTE;

/** `jobs`: the queue deliveries go through (none on the command line: its messages wait for the minute sweep). */
export function createMailer(db: Db, config: Config, log: Log, jobs: Pick<JobQueue, 'enqueue'> | null = null): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(pooled(config.smtpUrl)) : null;
  const leaseMs = config.jobs.leaseMs;
  let running: Promise<number> | null = null;

  /** One attempt; answers false when another delivery holds the message. */
  async function attempt(message: OutboxMessage): Promise<boolean> {
    if (!transport) return true;
    // An instance that dies while sending leaves the message due again after the lease (at least once, never twice at once).
    const t = now();
    if (!(await claimMessage(db, message.id, t, t + leaseMs))) return false;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        messageId: messageIdOf(message, config.publicUrl),
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
      });
      await markSent(db, message.id, message.attempts + 1, now());
    } catch (error) {
      const attempts = message.attempts + 1;
      log.warn({ outboxId: message.id, attempts }, 'e-mail delivery failed, will retry');
      await markAttemptFailed(db, message.id, {
        failed: attempts >= MAX_ATTEMPTS,
        attempts,
        error: String((error as Error).message).slice(0, 500),
        // Past the queue's own retry (its backoff, doubled): the sweep only queues a message whose job was lost.
        nextAttemptAt: now() + 2 * backoffMs(MAIL_RETRY_DELAY_MS, attempts) + LOST_AFTER,
      });
      throw error;
    }
    return true;
  }

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const message of await dueMessages(db, now(), 50)) {
      try {
        if (await attempt(message)) sent++;
      } catch {
        // Recorded on the message; the next pass tries again.
      }
    }
    return sent;
  }

  const enqueueDelivery = (id: number) => jobs?.enqueue(MAIL_QUEUE, { outboxId: id }, { singletonKey: `outbox:${id}` });

  return {
    async send(to, kind, mail) {
      const ids = await enqueueMails(db, [{ to, kind, mail }], transport ? 'pending' : 'captured', now());
      if (transport) for (const id of ids) await enqueueDelivery(id);
    },
    async deliverMessage(outboxId) {
      const message = await findMessage(db, outboxId);
      if (message?.status !== 'pending') return;
      // Held by another delivery: tried again after the queue's backoff, by when that one has finished or lost its lease.
      if (!(await attempt(message))) throw new Error('the message is being delivered by another instance');
    },
    async queuePending(dueFor = 0) {
      if (!transport || !jobs) return 0;
      let queued = 0;
      for (let afterId = 0; ; ) {
        const page = await dueMessages(db, now() - dueFor, 500, afterId);
        for (const message of page) if ((await enqueueDelivery(message.id)) != null) queued++;
        if (page.length < 500) return queued;
        afterId = page[page.length - 1]!.id;
      }
    },
    /** Runs one delivery pass at a time; callers that arrive meanwhile share it. */
    deliverPending() {
      running ??= deliverPending().finally(() => {
        running = null;
      });
      return running;
    },
    close() {
      transport?.close();
    },
  };
}

/**
 * One Message-ID per outbox message, the same on every delivery of it: a message sent again because its instance died
 * after the SMTP server took it but before it was marked sent (at least once) is the same message to the mailbox,
 * which shows it once (Gmail, Outlook and Exchange collapse a repeated Message-ID).
 */
export function messageIdOf(message: Pick<OutboxMessage, 'id' | 'created_at'>, publicUrl: string): string {
  return `<outbox-${message.id}-${message.created_at}@${new URL(publicUrl).hostname}>`;
}

/**
 * SMTP connections kept open and shared by the deliveries (at most 5), unless SMTP_URL says otherwise: a burst of
 * messages (a broadcast) costs one handshake per connection, not per message.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
