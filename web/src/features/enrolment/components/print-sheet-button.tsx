import { ActionIcon, Tooltip } from '@mantine/core';
import type { OrganizationUser } from '@mm/contract';
import { IconPrinter } from '@tabler/icons-react';
import { adminNotify } from '../../../lib/notify.ts';
import { usePrintSetupSheets } from '../api/print-setup-sheets.ts';

/**
 * Manage users' row action for a member without e-mail: prints their sign-in sheet. Each print issues a new one-time
 * setup code, so an earlier sheet's code stops working.
 */
export function PrintSheetButton({ user }: { user: OrganizationUser }) {
  const print = usePrintSetupSheets();
  if (user.employee_number === null) return null;
  const label = `Print sign-in sheet for ${user.name} ${user.last_name}`.trim();
  return (
    <Tooltip label="Print sign-in sheet (a new one-time code)">
      <ActionIcon
        variant="subtle"
        aria-label={label}
        loading={print.isPending}
        onClick={() =>
          print.mutate([user.id], {
            onSuccess: () => adminNotify.success('Sign-in sheet ready: an earlier sheet of this person no longer works.'),
            onError: adminNotify.error,
          })
        }
      >
        <IconPrinter size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
