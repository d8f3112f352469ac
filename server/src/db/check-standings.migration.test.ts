import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { demoLessonSeconds, insertDemoCatalog } from '../../test/catalog-fixture.ts';
import { databaseMigratedTo } from '../../test/migration-db.ts';
import { migrateToLatest } from './migrate.ts';

const database = databaseMigratedTo('2026-11-27-062-studio-paths-revisions');
const t = Date.now();

// Migration 064 rebuilds assessment_checks on SQLite (video_id drops NOT NULL) and counts the attempts submitted so far
// into the kept results: the checks, the attempts referencing them and the figures come through on either database.
describe('migration 064, kept results and category checks', () => {
  it('keeps checks and their attempts, and counts the submitted ones into standings and question figures', async () => {
    const db = database();
    const anyDb = db as unknown as Kysely<any>;
    await insertDemoCatalog(db, demoLessonSeconds);
    const video = await anyDb.selectFrom('videos').select(['id', 'category_id']).orderBy('id').executeTakeFirstOrThrow();
    const org = await anyDb
      .insertInto('organizations')
      .values({ name: 'Old Org', banner_url: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await anyDb
      .insertInto('users')
      .values({
        organization_id: org.id,
        team_id: null,
        email: 'old@example.com',
        password_hash: 'x',
        name: 'Old',
        search_text: 'old',
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = await anyDb
      .insertInto('assessment_checks')
      .values({
        organization_id: org.id,
        video_id: video.id,
        question_count: 1,
        shuffle: 0,
        pass_percent: 50,
        attempts_allowed: 3,
        cooldown_seconds: 0,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempt = (submitted: boolean, score: number) => ({
      organization_id: org.id,
      check_id: check.id,
      user_id: user.id,
      questions: '[]',
      started_at: t,
      submitted_at: submitted ? t + score : null,
      score_percent: submitted ? score : null,
      passed: submitted ? (score >= 50 ? 1 : 0) : null,
    });
    const attempts = await anyDb
      .insertInto('assessment_attempts')
      .values([attempt(true, 0), attempt(true, 100), attempt(false, 0)])
      .returning('id')
      .execute();
    await anyDb
      .insertInto('assessment_outcomes')
      .values([
        { attempt_id: attempts[0]?.id, check_id: check.id, question_id: 7, prompt: 'Q', is_right: 0 },
        { attempt_id: attempts[1]?.id, check_id: check.id, question_id: 7, prompt: 'Q', is_right: 1 },
      ])
      .execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('assessment_checks').select(['id', 'video_id', 'category_id', 'required_for_certificate']).execute()).toEqual([
      { id: check.id, video_id: video.id, category_id: null, required_for_certificate: 0 },
    ]);
    expect(await db.selectFrom('assessment_attempts').select('id').where('check_id', '=', check.id).execute()).toHaveLength(3);
    expect(await db.selectFrom('assessment_standings').select(['user_id', 'attempts', 'best_percent', 'passed', 'last_submitted_at']).execute()).toEqual([
      { user_id: user.id, attempts: 2, best_percent: 100, passed: 1, last_submitted_at: t + 100 },
    ]);
    const stats = await db.selectFrom('assessment_question_stats').select(['question_id', 'asked_count', 'right_count']).execute();
    expect(stats.map((s) => [s.question_id, Number(s.asked_count), Number(s.right_count)])).toEqual([[7, 2, 1]]);
    // A category's check now fits beside the video's, one per organization and category.
    await db
      .insertInto('assessment_checks')
      .values({
        organization_id: org.id,
        video_id: null,
        category_id: video.category_id,
        question_count: 1,
        shuffle: 0,
        pass_percent: 50,
        attempts_allowed: 1,
        cooldown_seconds: 0,
        updated_at: t,
      })
      .execute();
    await expect(
      db
        .insertInto('assessment_checks')
        .values({
          organization_id: org.id,
          video_id: null,
          category_id: video.category_id,
          question_count: 1,
          shuffle: 0,
          pass_percent: 50,
          attempts_allowed: 1,
          cooldown_seconds: 0,
          updated_at: t,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
