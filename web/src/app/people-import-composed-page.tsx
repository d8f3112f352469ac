import { printSetupSheets } from '../features/enrolment/api/print-setup-sheets.ts';
import { PeopleImportPage } from '../features/people-import/pages/people-import-page.tsx';

/** The CSV import (people-import) with the enrolment feature's printed sign-in sheets for the people without e-mail. */
export function PeopleImportComposedPage() {
  return <PeopleImportPage printSheets={printSetupSheets} />;
}
