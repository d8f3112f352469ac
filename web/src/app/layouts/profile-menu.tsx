import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenuItems } from '../../components/language-menu.tsx';
import { initialsOf } from '../../lib/initials.ts';
import { useProfile } from '../../lib/profile.ts';
import type { Session } from '../../lib/session.ts';
import type { NavEntry } from './nav-entries.ts';

type ProfileMenuProps = { session: Session; entries: NavEntry[] };

export function ProfileMenu({ session, entries }: ProfileMenuProps) {
  // The session holds only the first name; the profile (read by home and account anyway) adds the last name.
  const profile = useProfile().data;
  const { t } = useTranslation();
  const fullName = profile ? `${profile.name} ${profile.last_name}` : session.name;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by hidden text rather than aria-label, which would not contain the visible initials. */}
        <UnstyledButton>
          <VisuallyHidden>{t('nav.profileMenu')}</VisuallyHidden>
          <Avatar src={session.active_profile_image} alt="" color="blue" radius="xl" aria-hidden translate="no">
            {initialsOf(fullName)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {/* A span: a menu may hold no paragraph, only items and their labels. */}
          <Text component="span" display="block" size="sm" fw={600} c="dark" truncate translate="no">
            {session.name}
          </Text>
        </Menu.Label>
        {entries.map((entry) => (
          <Menu.Item key={entry.key} component={Link} to={entry.to}>
            {entry.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
