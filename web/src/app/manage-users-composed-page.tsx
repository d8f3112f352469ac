import { PrintSheetButton } from '../features/enrolment/components/print-sheet-button.tsx';
import { ManageUsersPage } from '../features/organization/pages/manage-users-page.tsx';

/** Manage users (organization) with the printed sign-in sheet of members without e-mail (enrolment) on their rows. */
export function ManageUsersComposedPage() {
  return <ManageUsersPage rowActions={(user) => <PrintSheetButton user={user} />} />;
}
