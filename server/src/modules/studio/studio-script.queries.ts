import type { StudioScriptStep } from '@mm/contract';
import type { Db } from '../../db/client.ts';

/** The lesson's script (its steps) as last saved, or undefined for a lesson from an uploaded video. */
export async function findScript(db: Db, lessonId: number): Promise<{ steps: StudioScriptStep[]; updated_at: number } | undefined> {
  const row = await db.selectFrom('studio_lesson_scripts').select(['steps', 'updated_at']).where('lesson_id', '=', lessonId).executeTakeFirst();
  return row && { steps: JSON.parse(row.steps) as StudioScriptStep[], updated_at: Number(row.updated_at) };
}

export async function saveScript(db: Db, lessonId: number, steps: StudioScriptStep[], by: number, t: number): Promise<void> {
  const values = { steps: JSON.stringify(steps), updated_by: by, updated_at: t };
  await db
    .insertInto('studio_lesson_scripts')
    .values({ lesson_id: lessonId, ...values })
    .onConflict((oc) => oc.column('lesson_id').doUpdateSet(values))
    .execute();
}
