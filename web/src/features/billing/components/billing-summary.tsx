import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { formatMoney } from './money.ts';
import { isRunning, SubscriptionHeader } from './subscription-header.tsx';

type BillingSummaryProps = { latest: SubscriptionRecord; canPause: boolean; onPause: () => void };

/** The summary card of /plans/me: the first (newest) subscription record. */
export function BillingSummary({ latest, canPause, onPause }: BillingSummaryProps) {
  const { t } = useTranslation('billing');
  const running = isRunning(latest.status);
  const paused = running && latest.auto_renew === 0;
  return (
    <Card withBorder radius="md" padding="lg" aria-label={t('billing.current')}>
      <Stack gap="sm">
        <SubscriptionHeader title={latest.title} status={latest.status} />
        <Text>
          <span translate="no">{formatMoney(latest.currency, latest.total_amount)}</span> / {t('plans.months', { count: latest.plan })}
        </Text>
        {running && !paused && (
          <Text>
            <Trans t={t} i18nKey="billing.nextBilling" values={{ date: formatDate(latest.next_billing_date) }} components={{ b: <b /> }} />
          </Text>
        )}
        {paused && (
          <Alert color="yellow" variant="light" title={t('billing.pausedTitle')}>
            {t('billing.pausedText', { date: formatDate(latest.next_billing_date) })}
            {latest.cancel_reason && <> {t('billing.reason', { reason: latest.cancel_reason })}</>}
          </Alert>
        )}
        <Group>
          <Button component={Link} to={paths.plans} variant="light">
            {t('billing.changePlan')}
          </Button>
          {canPause && running && !paused && (
            <Button variant="subtle" color="red" onClick={onPause}>
              {t('billing.pause')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
