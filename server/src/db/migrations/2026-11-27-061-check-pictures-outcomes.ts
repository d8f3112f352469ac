import { type Kysely, sql } from 'kysely';
import { withId } from '../dialect.ts';

/**
 * Knowledge checks, continued (issue 38): a pick-the-picture question keeps its options' pictures (a JSON list of
 * upload URLs beside the options, which are the pictures' alt texts); and the time-out sweep finds the open
 * attempts past their deadline by an index of the open ones. Each submitted attempt's outcome per question is kept
 * in a row of its own (the question's prompt as shown, right or not), so a check's question figures are one grouped
 * query rather than every attempt's questions read and scored again (a check taken by 5,000 members); the attempts
 * already submitted get theirs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assessment_questions').addColumn('images', 'text').execute();
  await db.schema
    .createIndex('assessment_attempts_open_deadline_idx')
    .on('assessment_attempts')
    .column('deadline_at')
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();
  // The results of a check read its submitted attempts only.
  await db.schema.createIndex('assessment_attempts_check_idx').on('assessment_attempts').columns(['check_id', 'submitted_at']).execute();

  await withId(db, db.schema.createTable('assessment_outcomes'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('assessment_attempts.id').onDelete('cascade'))
    .addColumn('check_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('is_right', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assessment_outcomes_check_idx').on('assessment_outcomes').columns(['check_id', 'question_id', 'attempt_id']).execute();
  await db.schema.createIndex('assessment_outcomes_attempt_idx').on('assessment_outcomes').column('attempt_id').execute();

  // The attempts submitted so far, scored as the rules then did: a question is right when the choices are exactly its
  // correct options (in their order for an ordering question), only options it offered counting, each once.
  const attempts = await db
    .selectFrom('assessment_attempts')
    .select(['id', 'check_id', 'questions', 'answers'])
    .where('submitted_at', 'is not', null)
    .execute();
  for (const a of attempts) {
    const shown = JSON.parse(a.questions) as { id: number; kind: string; prompt: string; options: { id: number }[]; correct: number[] }[];
    const given = new Map<number, number[]>();
    for (const answer of JSON.parse(a.answers ?? '[]') as { question_id: number; choices: number[] }[]) {
      if (!given.has(answer.question_id)) given.set(answer.question_id, answer.choices);
    }
    const rows = shown.map((q) => {
      const offered = new Set(q.options.map((o) => o.id));
      const kept = [...new Set(given.get(q.id) ?? [])].filter((c) => offered.has(c));
      const chosen = q.kind === 'ordering' ? kept : kept.sort((x, y) => x - y);
      const right = chosen.length === q.correct.length && chosen.every((c, i) => c === q.correct[i]);
      return { attempt_id: a.id, check_id: a.check_id, question_id: q.id, prompt: q.prompt, is_right: right ? 1 : 0 };
    });
    if (rows.length) await db.insertInto('assessment_outcomes').values(rows).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assessment_outcomes').execute();
  await db.schema.dropIndex('assessment_attempts_check_idx').execute();
  await db.schema.dropIndex('assessment_attempts_open_deadline_idx').execute();
  await db.schema.alterTable('assessment_questions').dropColumn('images').execute();
}
