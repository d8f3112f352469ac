import { Alert, Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { usePayment } from '../api/get-payment.ts';
import { usePlans } from '../api/get-plans.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { PlanGrid } from '../components/plan-grid.tsx';

/**
 * /plans: one card per offered plan; 'pay now' starts its checkout (member spec, section 2), for whoever manages
 * the organization's billing. A member sees the plans without it: the super user changes the plan.
 */
export function PlansPage() {
  const { t } = useTranslation('billing');
  const session = useSignedInSession();
  const plans = usePlans();
  const payment = usePayment();
  const manages = payment.data?.manages_billing === 1;
  const checkout = useStartCheckout(session.userId);

  // The shared guest account cannot buy for anyone: it is signed out here (member spec, section 6) and lands on
  // the public plans page, which offers the free trial.
  if (session.isGuestUser) return <Navigate to={paths.logout} replace state={{ next: paths.plans }} />;
  if (plans.isError) return <Navigate to={paths.logout} replace />;

  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('plans.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('plans.trial')}
      </Text>
      {payment.data && !manages && (
        <Alert variant="light" color="blue" mb="lg">
          {t('plans.askSuperUser')}
        </Alert>
      )}
      {plans.isPending && <PageLoader label={t('plans.loading')} />}
      <PlanGrid
        plans={plans.data}
        action={(plan, variant) =>
          manages && (
            <Button onClick={() => checkout.mutate(plan.subscription_id, { onError: notifyError })} disabled={checkout.isPending} variant={variant} fullWidth>
              {checkout.isPending ? t('plans.paying') : t('plans.payNow')}
            </Button>
          )
        }
      />
    </Container>
  );
}
