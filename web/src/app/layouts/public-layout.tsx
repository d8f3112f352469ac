import { Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { paths } from '../../config/paths.ts';
import { SiteFooter } from '../../features/public-content/components/site-footer.tsx';
import { RouteFallback } from '../route-fallback.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

export function PublicLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h="var(--mm-header-height)">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLogo to={paths.landing} />
            <LanguageSwitcher />
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0" className="mm-main">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
