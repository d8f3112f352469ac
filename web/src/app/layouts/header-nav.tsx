import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavEntry } from './nav-entries.ts';

/** The header links shown from 768px up. */
export function HeaderNav({ entries }: { entries: NavEntry[] }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('nav.main')} gap={4} wrap="nowrap" visibleFrom="sm">
      {entries.map((entry) =>
        entry.external ? (
          <Button key={entry.key} component="a" href={entry.to} target="_blank" rel="noopener noreferrer" variant="subtle" color="dark">
            {entry.label}
          </Button>
        ) : (
          <Button
            key={entry.key}
            component={Link}
            to={entry.to}
            variant={pathname === entry.to ? 'light' : 'subtle'}
            color={pathname === entry.to ? undefined : 'dark'}
            aria-current={pathname === entry.to ? 'page' : undefined}
          >
            {entry.label}
          </Button>
        ),
      )}
    </Group>
  );
}
