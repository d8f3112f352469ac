import { ActionIcon, Affix, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { openEditInfoModal } from '../../features/account/components/edit-info-modal.tsx';

/**
 * The floating menu at the bottom right (member spec, section 2, "Header and menus"); dialogs and drawers
 * cover it. The member layout keeps room for it (see .mm-member-main) so it never sits over content.
 */
export function QuickMenu({ isSuperUser, onKiosk }: { isSuperUser: boolean; onKiosk: boolean }) {
  return (
    <Affix position={{ bottom: 12, right: 12 }} zIndex={150}>
      <Menu position="top-end" width={200} shadow="md">
        <Menu.Target>
          <ActionIcon size={48} radius="xl" aria-label="Quick menu" variant="filled" style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
            <IconDots size={24} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.achievements}>
            All Certificates
          </Menu.Item>
          {!onKiosk && <Menu.Item onClick={openEditInfoModal}>Update User Info</Menu.Item>}
          {isSuperUser && (
            <Menu.Item component={Link} to={paths.dashboard}>
              Dashboard
            </Menu.Item>
          )}
          <Menu.Item component={Link} to={paths.experts}>
            Experts
          </Menu.Item>
          <Menu.Item component={Link} to={paths.home}>
            Home
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
