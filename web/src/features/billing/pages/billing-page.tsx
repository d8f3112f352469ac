import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { usePayment } from '../api/get-payment.ts';
import { useSubscribedPlans } from '../api/get-subscribed-plans.ts';
import { BillingSummary } from '../components/billing-summary.tsx';
import { MemberPlanCard } from '../components/member-plan-card.tsx';
import { PauseRenewalDialog } from '../components/pause-renewal-dialog.tsx';
import { SubscriptionRecordCard } from '../components/subscription-record-card.tsx';

/**
 * /plans/me: billing details of the organization (member spec, section 2) for whoever manages billing (the super
 * user); a member sees the plan read-only (name, accounts, status), as the server answers them (docs/decisions.md).
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const session = useSignedInSession();
  const payment = usePayment();
  const manages = payment.data?.manages_billing === 1;
  const records = useSubscribedPlans(manages);
  const [pauseOpened, pause] = useDisclosure(false);
  const latest = records.data?.[0];
  const failure = payment.error ?? records.error;

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('billing.title')}
      </Title>
      {(payment.isPending || (manages && records.isPending)) && <PageLoader label={t('billing.loading')} />}
      {failure && (
        <Alert color="red" variant="light">
          {failure.message}
        </Alert>
      )}
      {payment.data &&
        !manages &&
        (payment.data.subscription ? <MemberPlanCard subscription={payment.data.subscription} /> : <Text>{t('billing.noData')}</Text>)}
      {records.data && !latest && (
        <Stack gap="xs">
          <Text>{t('billing.noData')}</Text>
          <Anchor component={Link} to={paths.plans}>
            {t('billing.seePlans')}
          </Anchor>
        </Stack>
      )}
      {latest && records.data && (
        <Stack gap="lg">
          <BillingSummary latest={latest} canPause={session.isSuperUser} onPause={pause.open} />
          <Title order={2} size="h3">
            {t('billing.subscriptions')}
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
