import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { paths } from '../../config/paths.ts';
import { NoticesButton } from '../../features/notices/components/notices-button.tsx';
import type { Session } from '../../lib/session.ts';
import { HeaderNav } from './header-nav.tsx';
import { HeaderSearch } from './header-search.tsx';
import { headerEntries, profileEntries, sidebarEntries } from './nav-entries.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { SidebarDrawer } from './sidebar-drawer.tsx';

export function MemberHeader({ session }: { session: Session }) {
  const [sidebarOpened, sidebar] = useDisclosure(false);
  const { t } = useTranslation();
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" h="var(--mm-header-height)">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={sidebarOpened} onClick={sidebar.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.openNavigation')} />
            <BrandLogo to={paths.home} compactOnTablet />
          </Group>
          <Group gap="md" wrap="nowrap">
            <HeaderNav entries={headerEntries(session, t)} />
            <HeaderSearch />
            <NoticesButton readOnly={session.isGuestUser} />
            <ProfileMenu session={session} entries={profileEntries(session, t)} />
          </Group>
        </Group>
      </Container>
      <SidebarDrawer opened={sidebarOpened} onClose={sidebar.close} entries={sidebarEntries(session, t)} />
    </Box>
  );
}
