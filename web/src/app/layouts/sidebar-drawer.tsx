import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BRAND } from '../../config/app.ts';
import type { NavEntry } from './nav-entries.ts';

type SidebarDrawerProps = { opened: boolean; onClose: () => void; entries: NavEntry[] };

/** The mobile navigation (below 768px). */
export function SidebarDrawer({ opened, onClose, entries }: SidebarDrawerProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={<span translate="no">{BRAND}</span>} size={280} hiddenFrom="sm">
      <Stack component="nav" aria-label={t('nav.site')} gap={2}>
        {entries.map((entry) =>
          entry.external ? (
            <NavLink key={entry.key} label={entry.label} href={entry.to} target="_blank" rel="noopener noreferrer" onClick={onClose} />
          ) : (
            <NavLink key={entry.key} label={entry.label} component={Link} to={entry.to} active={pathname === entry.to} onClick={onClose} />
          ),
        )}
      </Stack>
    </Drawer>
  );
}
