import type { Db } from '../../db/client.ts';

/** The organization's live members among `userIds` who have an employee number (the people a sheet is printed for). */
export function sheetPeople(db: Db, organizationId: number, userIds: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'last_name', 'employee_number'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('employee_number', 'is not', null)
    .where('id', 'in', userIds)
    .orderBy('last_name')
    .orderBy('name')
    .orderBy('id')
    .execute();
}
