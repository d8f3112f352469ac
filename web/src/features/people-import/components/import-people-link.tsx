import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** Manage users' way to the CSV import (composed into that page in app/). */
export function ImportPeopleLink() {
  const { t } = useTranslation('people-import');
  return (
    <Button component={Link} to={paths.importPeople} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
      {t('entry')}
    </Button>
  );
}
