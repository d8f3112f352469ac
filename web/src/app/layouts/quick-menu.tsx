import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { openEditInfoModal } from '../../features/account/components/edit-info-modal.tsx';

/**
 * The floating menu at the bottom right (member spec, section 2, "Header and menus"); dialogs and drawers
 * cover it. From 768px it floats in a column the member layout keeps free (.mm-quick-menu-room); on phones there is
 * no such column, so it stops floating and sits at the bottom right of the page, under the content (app.css,
 * .mm-quick-menu): floating, it covered whatever reached the corner, such as a station's third "Watch" button.
 */
export function QuickMenu({ isSuperUser, onKiosk }: { isSuperUser: boolean; onKiosk: boolean }) {
  const { t } = useTranslation();
  return (
    <Box className="mm-quick-menu">
      <Menu position="top-end" width={200} shadow="md">
        <Menu.Target>
          <ActionIcon size={48} radius="xl" aria-label={t('nav.quickMenu')} variant="filled" style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
            <IconDots size={24} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.achievements}>
            {t('nav.allCertificates')}
          </Menu.Item>
          {!onKiosk && <Menu.Item onClick={openEditInfoModal}>{t('nav.updateInfo')}</Menu.Item>}
          {isSuperUser && (
            <Menu.Item component={Link} to={paths.dashboard}>
              {t('nav.dashboard')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to={paths.experts}>
            {t('nav.experts')}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.home}>
            {t('nav.home')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
