import { ActionIcon, Tooltip } from '@mantine/core';
import type { OrganizationUser } from '@mm/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { adminNotify } from '../../../lib/notify.ts';
import { usePrintSetupSheets } from '../api/print-setup-sheets.ts';

/**
 * Manage users' row action for a member without e-mail: prints their sign-in sheet. Each print issues a new one-time
 * setup code, so an earlier sheet's code stops working.
 */
export function PrintSheetButton({ user }: { user: OrganizationUser }) {
  // Its texts sit with Manage users' (the organization namespace), the one screen that shows it.
  const { t } = useTranslation('organization');
  const print = usePrintSetupSheets();
  if (user.employee_number === null) return null;
  const label = t('printSheet.label', { name: `${user.name} ${user.last_name}`.trim() });
  return (
    <Tooltip label={t('printSheet.tooltip')}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        loading={print.isPending}
        onClick={() =>
          print.mutate([user.id], {
            onSuccess: () => adminNotify.success(t('printSheet.ready')),
            onError: adminNotify.error,
          })
        }
      >
        <IconPrinter size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
