import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Session } from '../../lib/session.ts';
import type { NavEntry } from './nav-entries.ts';

type ProfileMenuProps = { session: Session; entries: NavEntry[] };

export function ProfileMenu({ session, entries }: ProfileMenuProps) {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        {/* Named by hidden text rather than aria-label, which would not contain the visible initials. */}
        <UnstyledButton>
          <VisuallyHidden>Profile menu</VisuallyHidden>
          <Avatar src={session.active_profile_image} alt="" name={session.name} color="blue" radius="xl" aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {/* A span: a menu may hold no paragraph, only items and their labels. */}
          <Text component="span" display="block" size="sm" fw={600} c="dark" truncate>
            {session.name}
          </Text>
        </Menu.Label>
        {entries.map((entry) => (
          <Menu.Item key={entry.label} component={Link} to={entry.to}>
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
