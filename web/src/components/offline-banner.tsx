import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useScreenSavedAt } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/date.ts';
import { usePendingWrites } from '../lib/offline-queue.ts';
import { useOnline } from '../lib/offline-sync.ts';

/** Says when the app works without a network, when the screen's data was saved, and what it will send once the network returns. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const pending = usePendingWrites();
  const savedAt = useScreenSavedAt(useLocation().pathname);
  if (online && pending === 0) return null;
  const count = { count: pending };
  return (
    <Alert color={online ? 'blue' : 'yellow'} radius={0} icon={<IconWifiOff size={18} aria-hidden="true" />} role="status" data-testid="offline-banner" py="xs">
      {online
        ? t('offline.sending', count)
        : [
            t('offline.offline'),
            ...(savedAt ? [t('offline.savedAt', { when: formatDateTime(savedAt) })] : []),
            pending ? t('offline.stillWorkPending', count) : t('offline.stillWork'),
          ].join(' ')}
    </Alert>
  );
}
