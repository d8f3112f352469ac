import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { formatMoney, monthsLabel } from './money.ts';
import { isRunning, SubscriptionHeader } from './subscription-header.tsx';

type BillingSummaryProps = { latest: SubscriptionRecord; canPause: boolean; onPause: () => void };

/** The summary card of /plans/me: the first (newest) subscription record. */
export function BillingSummary({ latest, canPause, onPause }: BillingSummaryProps) {
  const running = isRunning(latest.status);
  const paused = running && latest.auto_renew === 0;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Current subscription">
      <Stack gap="sm">
        <SubscriptionHeader title={latest.title} status={latest.status} />
        <Text>
          {formatMoney(latest.currency, latest.total_amount)} / {monthsLabel(latest.plan)}
        </Text>
        {running && !paused && (
          <Text>
            Next billing date: <b>{formatDate(latest.next_billing_date)}</b>
          </Text>
        )}
        {paused && (
          <Alert color="yellow" variant="light" title="Auto-renewal paused">
            Your plan ends on {formatDate(latest.next_billing_date)} and will not renew.
            {latest.cancel_reason && <> Reason: {latest.cancel_reason}</>}
          </Alert>
        )}
        <Group>
          <Button component={Link} to={paths.plans} variant="light">
            Change plan
          </Button>
          {canPause && running && !paused && (
            <Button variant="subtle" color="red" onClick={onPause}>
              Pause autorenewal
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
