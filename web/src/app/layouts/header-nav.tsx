import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavEntry } from './nav-entries.ts';

/** The header links shown from 768px up. */
export function HeaderNav({ entries }: { entries: NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Main navigation" gap={4} wrap="nowrap" visibleFrom="sm">
      {entries.map((entry) =>
        entry.external ? (
          <Button key={entry.label} component="a" href={entry.to} target="_blank" rel="noopener noreferrer" variant="subtle" color="dark">
            {entry.label}
          </Button>
        ) : (
          <Button
            key={entry.label}
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
