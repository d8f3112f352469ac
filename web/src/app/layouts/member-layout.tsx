import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { paths } from '../../config/paths.ts';
import { KioskSessionBar } from '../../features/kiosk/components/kiosk-session-bar.tsx';
import { OrganizationBanner } from '../../features/public-content/components/organization-banner.tsx';
import { SiteFooter } from '../../features/public-content/components/site-footer.tsx';
import { useSignedInSession } from '../../lib/session.ts';
import { RouteFallback } from '../route-fallback.tsx';
import { MemberHeader } from './member-header.tsx';
import { QuickMenu } from './quick-menu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

export function MemberLayout() {
  const session = useSignedInSession();
  const { pathname } = useLocation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {session.kioskIdleSeconds !== undefined && <KioskSessionBar name={session.name} idleSeconds={session.kioskIdleSeconds} />}
      <MemberHeader session={session} />
      <OfflineBanner />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className="mm-main">
        {/* The home header area: the organization's banner, or rotating landing posters. */}
        {pathname === paths.home && <OrganizationBanner />}
        <Box className="mm-quick-menu-room">
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      {/* Before the footer: on phones it is in the page's flow, at the end of the content. */}
      <QuickMenu isSuperUser={session.isSuperUser} onKiosk={session.kioskIdleSeconds !== undefined} />
      <SiteFooter roomForQuickMenu />
    </Box>
  );
}
