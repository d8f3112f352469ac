import { ACCOUNT_SETUP_PATH } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { formatDay, now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { type Caller, issueUserToken, SETUP_CODE_LIFETIME } from '../auth/index.ts';
import { organizationName, organizationSignInCode } from '../tenancy/index.ts';
import { enrollingOrganizationOf } from './enrolment.policy.ts';
import { sheetPeople } from './enrolment.queries.ts';
import { type SetupSheet, setupSheetsPdf } from './setup-sheet-pdf.ts';

export const SHEET_PEOPLE_NOT_FOUND = 'Some of these people are not members of your organization with an employee number.';

/**
 * The printed invitations of members without e-mail: each person gets a new one-time setup code (stored hashed, the
 * earlier unused one stops working), all in one transaction; the codes exist in plain text only in this PDF.
 */
export async function setupSheets(ctx: AppContext, caller: Caller, userIds: number[]): Promise<Buffer> {
  const organizationId = enrollingOrganizationOf(caller);
  const wanted = [...new Set(userIds)];
  const people = await sheetPeople(ctx.db, organizationId, wanted);
  if (people.length !== wanted.length) throw notFound(SHEET_PEOPLE_NOT_FOUND);
  const [organization, organizationCode] = await Promise.all([organizationName(ctx.db, organizationId), organizationSignInCode(ctx.db, organizationId)]);
  const expires = formatDay(now() + SETUP_CODE_LIFETIME);
  const setupAddress = `${ctx.config.publicUrl}${ACCOUNT_SETUP_PATH}`;
  const sheets: SetupSheet[] = await ctx.db.transaction().execute(async (trx) => {
    const issued: SetupSheet[] = [];
    for (const person of people) {
      const employeeNumber = person.employee_number ?? '';
      const query = new URLSearchParams({ organization: organizationCode, employee: employeeNumber });
      issued.push({
        name: `${person.name} ${person.last_name}`.trim(),
        organization,
        organizationCode,
        employeeNumber,
        setupCode: await issueUserToken(trx, person.id, 'setup', SETUP_CODE_LIFETIME),
        setupUrl: `${setupAddress}?${query}`,
        setupAddress,
        expires,
      });
    }
    return issued;
  });
  ctx.log.info({ event: 'setup_sheets_printed', organizationId, count: sheets.length }, 'setup sheets printed');
  return setupSheetsPdf(sheets);
}
