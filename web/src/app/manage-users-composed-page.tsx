import { PrintSheetButton } from '../features/enrolment/components/print-sheet-button.tsx';
import { ManageUsersPage } from '../features/organization/pages/manage-users-page.tsx';
import { ImportPeopleLink } from '../features/people-import/components/import-people-link.tsx';

/**
 * Manage users (organization) with the printed sign-in sheet of members without e-mail (enrolment) on their rows and
 * the CSV import (people-import) beside New User.
 */
export function ManageUsersComposedPage() {
  return <ManageUsersPage rowActions={(user) => <PrintSheetButton user={user} />} addActions={<ImportPeopleLink />} />;
}
