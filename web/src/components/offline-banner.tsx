import { Alert } from '@mantine/core';
import { countOf } from '@mm/contract';
import { IconWifiOff } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useScreenSavedAt } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/date.ts';
import { usePendingWrites } from '../lib/offline-queue.ts';
import { useOnline } from '../lib/offline-sync.ts';

/** Says when the app works without a network, when the screen's data was saved, and what it will send once the network returns. */
export function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingWrites();
  const savedAt = useScreenSavedAt(useLocation().pathname);
  if (online && pending === 0) return null;
  return (
    <Alert color={online ? 'blue' : 'yellow'} radius={0} icon={<IconWifiOff size={18} aria-hidden="true" />} role="status" data-testid="offline-banner" py="xs">
      {online
        ? `Back online: sending ${countOf(pending, 'change')} (watch time, likes, My List)...`
        : `You are offline.${savedAt ? ` This screen was saved ${formatDateTime(savedAt)}.` : ''} Screens you opened before still work${pending ? `; ${countOf(pending, 'change')} (watch time, likes, My List) will be sent when the network returns` : ''}.`}
    </Alert>
  );
}
