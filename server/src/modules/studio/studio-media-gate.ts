import type { ChangeListener } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { createKeptRows } from '../../db/kept-rows.ts';
import { now } from '../../lib/clock.ts';
import type { MediaGate } from '../media/index.ts';
import { lessonMediaState } from './studio.queries.ts';

/**
 * The grants an own lesson's media URLs are signed under (media-signer.ts): its members' (library, search, paths) hold
 * while it is published, its authors' (the studio's posters and player) until it is deleted. Unpublishing or deleting
 * a lesson thus cuts every URL handed out for it at once, not when the URL expires hours later.
 */
export const memberGrant = (lessonId: number) => `lesson-${lessonId}`;
export const authorGrant = (lessonId: number) => `lesson-${lessonId}-author`;
const GRANT = /^lesson-(\d{1,12})(-author)?$/;

type KeptLesson = { lessonId: number; published: boolean; deleted: boolean; readAt: number };

/**
 * A lesson's state kept per instance is read again after this at most; its changes are announced (studio.queries.ts)
 * and drop it on every instance at once, so this only bounds a change whose notice was lost with a crash.
 */
const FRESHNESS_MS = 10_000;
/** Lessons kept per instance (a few dozen bytes each). */
const KEPT_LESSONS = 20_000;

/** Answers whether an own lesson's grant still holds; a player asks it for every segment, so the state is kept. */
export function createLessonMediaGate(db: Db, changes: ChangeListener): MediaGate {
  const kept = createKeptRows<KeptLesson>(changes, {
    freshness: FRESHNESS_MS,
    size: KEPT_LESSONS,
    namedBy: (row, kind, id) => kind === 'studio-lesson' && row.lessonId === id,
  });
  return async (grant) => {
    const match = GRANT.exec(grant);
    if (!match) return false;
    const lessonId = Number(match[1]);
    const t = now();
    let lesson = kept.get(String(lessonId), t);
    if (!lesson) {
      const since = kept.generation;
      const row = await lessonMediaState(db, lessonId);
      const deleted = !row || row.deleted_at !== null;
      lesson = { lessonId, published: !deleted && row?.published_at != null, deleted, readAt: t };
      kept.keep(String(lessonId), lesson, since);
    }
    return match[2] ? !lesson.deleted : lesson.published;
  };
}
