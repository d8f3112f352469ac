import type { Db } from '../../db/client.ts';
import type { Mail } from '../mail/index.ts';
import { enqueueMails, type OutboxStatus } from '../mail/index.ts';

export type Recipient = { email: string; userId: number | null };

export function findShareableVideo(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
    .select(['videos.id', 'videos.category_id', 'videos.title', 'videos.description', 'videos.image', 'media_assets.content_hash'])
    .where('videos.id', '=', videoId)
    .executeTakeFirst();
}

export function findSenderName(db: Db, userId: number) {
  return db.selectFrom('users').select(['name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

/** Active, non-guest users of one organization: all of them, one team's, or the listed ids or e-mails (never others). */
export function organizationRecipients(db: Db, organizationId: number, filter: { teamId?: number; userIds?: number[]; emails?: string[] }) {
  let query = db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('is_guest', '=', 0);
  if (filter.teamId !== undefined) query = query.where('team_id', '=', filter.teamId);
  if (filter.userIds) query = query.where('id', 'in', filter.userIds.length > 0 ? filter.userIds : [0]);
  if (filter.emails) query = query.where('email', 'in', filter.emails.length > 0 ? filter.emails : ['']);
  return query.orderBy('id').execute();
}

type NewShare = {
  uniqueId: string;
  videoId: number;
  senderUserId: number;
  organizationId: number | null;
  tokenHash: string;
  message: string | null;
  expiresAt: number;
  createdAt: number;
};

const CHUNK = 200;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The share, its recipients and one outbox message per recipient, in one transaction and a few
 * batch inserts (no per-recipient query). `mailStatus` is the outbox's first state.
 */
export async function insertShare(db: Db, share: NewShare, recipients: Recipient[], mail: Mail, mailStatus: OutboxStatus): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('shares')
      .values({
        unique_id: share.uniqueId,
        video_id: share.videoId,
        sender_user_id: share.senderUserId,
        organization_id: share.organizationId,
        token_hash: share.tokenHash,
        message: share.message,
        expires_at: share.expiresAt,
        created_at: share.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const part of chunks(recipients)) {
      await trx
        .insertInto('share_recipients')
        .values(part.map((r) => ({ share_id: id, email: r.email, user_id: r.userId, created_at: share.createdAt })))
        .execute();
    }
    await enqueueMails(
      trx,
      recipients.map((r) => ({ to: r.email, kind: 'share', mail })),
      mailStatus,
      share.createdAt,
    );
  });
}

export function findShare(db: Db, uniqueId: string) {
  return (
    db
      .selectFrom('shares')
      .innerJoin('videos', 'videos.id', 'shares.video_id')
      .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
      // The sender, to say who shared it: only a first name and the organization's name leave this query (no e-mail).
      .leftJoin('users as sender', (join) => join.onRef('sender.id', '=', 'shares.sender_user_id').on('sender.deleted_at', 'is', null))
      .leftJoin('organizations as sender_organization', 'sender_organization.id', 'sender.organization_id')
      .select([
        'shares.token_hash',
        'shares.expires_at',
        'sender.name as sender_first_name',
        'sender_organization.name as sender_organization',
        'videos.id as video_id',
        'videos.title',
        'videos.description',
        'videos.image',
        'media_assets.content_hash',
      ])
      .where('shares.unique_id', '=', uniqueId)
      .executeTakeFirst()
  );
}
