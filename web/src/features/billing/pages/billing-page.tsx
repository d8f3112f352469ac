import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useSubscribedPlans } from '../api/get-subscribed-plans.ts';
import { BillingSummary } from '../components/billing-summary.tsx';
import { PauseRenewalDialog } from '../components/pause-renewal-dialog.tsx';
import { SubscriptionRecordCard } from '../components/subscription-record-card.tsx';

/** /plans/me: billing details of the organization (member spec, section 2). */
export function BillingPage() {
  const session = useSignedInSession();
  const records = useSubscribedPlans();
  const [pauseOpened, pause] = useDisclosure(false);
  const latest = records.data?.[0];

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Billing details
      </Title>
      {records.isPending && <PageLoader label="Loading billing details..." />}
      {records.isError && (
        <Alert color="red" variant="light">
          {records.error.message}
        </Alert>
      )}
      {records.data && !latest && (
        <Stack gap="xs">
          <Text>no data found</Text>
          <Anchor component={Link} to={paths.plans}>
            See the plans
          </Anchor>
        </Stack>
      )}
      {latest && records.data && (
        <Stack gap="lg">
          <BillingSummary latest={latest} canPause={session.isSuperUser} onPause={pause.open} />
          <Title order={2} size="h3">
            Subscriptions
          </Title>
          {records.data.map((record) => (
            <SubscriptionRecordCard key={record.user_subscription_id} record={record} />
          ))}
        </Stack>
      )}
      <PauseRenewalDialog opened={pauseOpened} onClose={pause.close} />
    </Container>
  );
}
