import { PEOPLE_IMPORT_NOT_READY, type PeopleImportCheckData, type PeopleImportRequest, type PeopleImportResultData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { assertOrganizationCounts } from '../auth/index.ts';
import { type SeatCount, seatCount, withSeatsCounted } from '../billing/index.ts';
import { enrolMembers, organizationTeamNames, queueInvitations, seatsRefusal } from '../organization/index.ts';
import { setNewPeopleShifts } from '../qualifications/index.ts';
import { findUserById, usersByContacts } from '../users/index.ts';
import { assertCanImportPeople } from './people-import.policy.ts';
import { contactsOf, judgeImport, type ReadFile, readImportFile } from './people-import.rules.ts';

/** The organization's side of a check, in a statement per thousand rows (never one per row). */
async function judged(db: Db, organizationId: number, file: ReadFile, seats: SeatCount) {
  const { emails, employeeNumbers } = contactsOf(file);
  const [teams, existing] = await Promise.all([organizationTeamNames(db, organizationId), usersByContacts(db, organizationId, emails, employeeNumbers)]);
  return judgeImport(file, {
    organizationId,
    teams: new Map(teams.map((team) => [team.name.trim().toLowerCase(), team.id])),
    existing,
    seats,
  });
}

/** The dry run: every problem of the file and of each row, and what importing it now would do; writes nothing. */
export async function checkPeopleImport(ctx: AppContext, caller: Caller, organizationId: number, request: PeopleImportRequest): Promise<PeopleImportCheckData> {
  assertCanImportPeople(caller, organizationId);
  const file = readImportFile(request);
  const { judged: _rows, ...check } = await judged(ctx.db, organizationId, file, await seatCount(ctx.db, organizationId));
  return check;
}

/**
 * The import: checked again under the organization's seat lock and written in that one transaction, all rows or
 * none. A file the check would not pass is refused (409 past the seats, else 400) and nothing is written; rows
 * already present are left as they are, so the same file imported twice creates no one the second time.
 */
export async function importPeople(ctx: AppContext, caller: Caller, organizationId: number, request: PeopleImportRequest): Promise<PeopleImportResultData> {
  assertCanImportPeople(caller, organizationId);
  const file = readImportFile(request);
  // An unconfirmed registration may not make the platform e-mail others (as Manage users); a printed sheet e-mails nobody.
  if (file.rows.some((row) => row.person?.email !== undefined)) await assertOrganizationCounts(ctx, organizationId);
  const inviter = await findUserById(ctx.db, caller.userId);
  if (!inviter) throw badRequest('Your account could not be read.');
  const result = await withSeatsCounted(ctx.db, organizationId, async (trx, seats) => {
    const check = await judged(trx, organizationId, file, seats);
    if (!check.ready) {
      if (check.judged.some((row) => row.problems.some((p) => p.code === 'over_seats'))) throw conflict(seatsRefusal(seats));
      throw badRequest(PEOPLE_IMPORT_NOT_READY);
    }
    const created = check.judged.flatMap((row) =>
      row.status === 'new' && row.person && row.teamId !== null ? [{ ...row.person, teamId: row.teamId, managerId: row.managerId }] : [],
    );
    const ids = await enrolMembers(ctx, trx, organizationId, inviter, created);
    await setNewPeopleShifts(
      trx,
      organizationId,
      created.flatMap((person, i) => (person.shift === undefined ? [] : [{ userId: ids[i] as number, shift: person.shift }])),
    );
    return {
      created: ids.length,
      present: check.present_count,
      invited: created.filter((person) => person.email !== undefined).length,
      without_email: created.flatMap((person, i) =>
        person.employee_number === undefined
          ? []
          : [{ id: ids[i] as number, name: person.name, last_name: person.last_name, employee_number: person.employee_number }],
      ),
    };
  });
  queueInvitations(ctx);
  return result;
}
