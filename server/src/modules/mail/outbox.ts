import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { MINUTE, now } from '../../lib/clock.ts';
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

export function createMailer(db: Db, config: Config, log: { warn(o: object, m: string): void }): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    const due = await db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now())
      .orderBy('id')
      .limit(50)
      .execute();
    let sent = 0;
    for (const message of due) {
      // Several app instances deliver from one database: the one that moves the message's next attempt wins it.
      // An instance that dies while sending leaves it due again after the lease (at least once, never twice at once).
      const claim = await db
        .updateTable('outbox')
        .set({ next_attempt_at: now() + CLAIM_LEASE })
        .where('id', '=', message.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', message.next_attempt_at)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        });
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: now(), attempts: message.attempts + 1, last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        log.warn({ outboxId: message.id, attempts }, 'e-mail delivery failed, will retry');
        await db
          .updateTable('outbox')
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            last_error: String((error as Error).message).slice(0, 500),
            next_attempt_at: now() + Math.min(60 * MINUTE, 2 ** attempts * 1000),
          })
          .where('id', '=', message.id)
          .execute();
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
      const t = now();
      await db
        .insertInto('outbox')
        .values({
          to_address: to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          kind,
          status: transport ? 'pending' : 'captured',
          attempts: 0,
          last_error: null,
          next_attempt_at: t,
          sent_at: null,
          created_at: t,
        })
        .execute();
      if (transport) void kick().catch(() => undefined);
    },
    deliverPending: kick,
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
