import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { BRAND } from '../../config/app.ts';
import type { NavEntry } from './nav-entries.ts';

type SidebarDrawerProps = { opened: boolean; onClose: () => void; entries: NavEntry[] };

/** The mobile navigation (below 768px). */
export function SidebarDrawer({ opened, onClose, entries }: SidebarDrawerProps) {
  const { pathname } = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} title={BRAND} size={280} hiddenFrom="sm">
      <Stack component="nav" aria-label="Site navigation" gap={2}>
        {entries.map((entry) =>
          entry.external ? (
            <NavLink key={entry.label} label={entry.label} href={entry.to} target="_blank" rel="noopener noreferrer" onClick={onClose} />
          ) : (
            <NavLink key={entry.label} label={entry.label} component={Link} to={entry.to} active={pathname === entry.to} onClick={onClose} />
          ),
        )}
      </Stack>
    </Drawer>
  );
}
