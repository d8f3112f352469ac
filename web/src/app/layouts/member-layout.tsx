import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../features/public/components/site-footer.tsx';
import { useSignedInSession } from '../../lib/session.ts';
import { MemberHeader } from './member-header.tsx';
import { QuickMenu } from './quick-menu.tsx';

export function MemberLayout() {
  const session = useSignedInSession();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <MemberHeader session={session} />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter roomForQuickMenu />
      <QuickMenu isSuperUser={session.isSuperUser} />
    </Box>
  );
}
