import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';
import { claimMessage, dueMessages, enqueueMails, markAttemptFailed, markSent } from './outbox.queries.ts';
import type { Mail } from './templates.ts';

/**
 * Every message is written to the outbox table first, then delivered.
 * Without SMTP_URL the outbox itself is the destination (status 'captured', shown on /dev/outbox);
 * with SMTP_URL a failed delivery stays 'pending' and is retried with backoff, so nothing is lost.
 */
export type Mailer = {
  send(to: string, kind: string, mail: Mail): Promise<void>;
  deliverPending(): Promise<number>;
  close(): void;
};

const MAX_ATTEMPTS = 10;

/** How long a claimed message is left to the instance delivering it. */
const CLAIM_LEASE = 5 * MINUTE;

export function createMailer(db: Db, config: Config, log: Log): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    const due = await dueMessages(db, now(), 50);
    let sent = 0;
    for (const message of due) {
      // An instance that dies while sending leaves the message due again after the lease (at least once, never twice at once).
      if (!(await claimMessage(db, message, now() + CLAIM_LEASE))) continue;
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        });
        await markSent(db, message.id, message.attempts + 1, now());
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        log.warn({ outboxId: message.id, attempts }, 'e-mail delivery failed, will retry');
        await markAttemptFailed(db, message.id, {
          failed: attempts >= MAX_ATTEMPTS,
          attempts,
          error: String((error as Error).message).slice(0, 500),
          nextAttemptAt: now() + Math.min(60 * MINUTE, 2 ** attempts * 1000),
        });
      }
    }
    return sent;
  }

  /** Runs one delivery pass at a time; callers that arrive meanwhile share it. */
  function kick(): Promise<number> {
    running ??= deliverPending().finally(() => {
      running = null;
    });
    return running;
  }

  if (transport) {
    timer = setInterval(() => void kick().catch(() => undefined), 5000);
    timer.unref();
  }

  return {
    async send(to, kind, mail) {
      await enqueueMails(db, [{ to, kind, mail }], transport ? 'pending' : 'captured', now());
      if (transport) void kick().catch(() => undefined);
    },
    deliverPending: kick,
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
