import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { OutboxTable } from '../../db/schema.ts';
import type { Mail } from './templates.ts';

/** The outbox table: every e-mail of the platform is one row, written here and nowhere else. */

/** A message to queue: whom, which kind (for the development view and the tests), and what. */
/** A message as the outbox keeps it (what a delivery attempt reads). */
export type OutboxMessage = Selectable<OutboxTable>;

export type QueuedMail = { to: string; kind: string; mail: Mail };

/** 'pending' when an SMTP server will deliver it, 'captured' when the outbox itself is the destination (no SMTP_URL). */
export type OutboxStatus = 'pending' | 'captured';

const ROWS_PER_INSERT = 500;

/**
 * Queues messages in the caller's transaction, when there is one: they leave only if what they announce is written.
 * Answers their ids (the caller then queues their delivery, or calls the mailer's queuePending after its transaction).
 */
export async function enqueueMails(db: Db, mails: QueuedMail[], status: OutboxStatus, t: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < mails.length; i += ROWS_PER_INSERT) {
    const rows = await db
      .insertInto('outbox')
      .values(
        mails.slice(i, i + ROWS_PER_INSERT).map(({ to, kind, mail }) => ({
          to_address: to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          kind,
          status,
          attempts: 0,
          last_error: null,
          next_attempt_at: t,
          sent_at: null,
          created_at: t,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Pending messages due at `t` and held by no delivery, oldest first, after the message `afterId` (pages). */
export const dueMessages = (db: Db, t: number, limit: number, afterId = 0) =>
  db
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', t)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', t)]))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Claims a pending message for one delivery until `leaseUntil`, unless another delivery holds it (its lease not yet
 * run out): one conditional update, so of several instances one wins. True when this one did.
 */
export async function claimMessage(db: Db, id: number, t: number, leaseUntil: number): Promise<boolean> {
  const claim = await db
    .updateTable('outbox')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', t)]))
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}

export async function markSent(db: Db, id: number, attempts: number, t: number): Promise<void> {
  await db.updateTable('outbox').set({ status: 'sent', sent_at: t, attempts, last_error: null, lease_until: null }).where('id', '=', id).execute();
}

export async function markAttemptFailed(
  db: Db,
  id: number,
  outcome: { failed: boolean; attempts: number; error: string; nextAttemptAt: number },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.failed ? 'failed' : 'pending',
      attempts: outcome.attempts,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      lease_until: null,
    })
    .where('id', '=', id)
    .execute();
}

/** The development view's list: the latest messages first. */
export const latestMessages = (db: Db, limit: number) =>
  db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'kind', 'created_at']).orderBy('id', 'desc').limit(limit).execute();

export const findMessage = (db: Db, id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
