import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { usePendingReports } from '../lib/offline-queue.ts';
import { useOnline } from '../lib/offline-sync.ts';

const reports = (n: number) => (n === 1 ? '1 watch report' : `${n} watch reports`);

/** Says when the app works without a network, and what it will send once the network returns. */
export function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingReports();
  if (online && pending === 0) return null;
  return (
    <Alert color={online ? 'blue' : 'yellow'} radius={0} icon={<IconWifiOff size={18} aria-hidden="true" />} role="status" data-testid="offline-banner" py="xs">
      {online
        ? `Back online: sending ${reports(pending)}...`
        : `You are offline. Screens you opened before still work${pending ? `; ${reports(pending)} will be sent when the network returns` : ''}.`}
    </Alert>
  );
}
