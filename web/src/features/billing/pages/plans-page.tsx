import { Button, Container, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { usePlans } from '../api/get-plans.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { PlanGrid } from '../components/plan-grid.tsx';

/** /plans: one card per offered plan; 'pay now' starts its checkout (member spec, section 2). */
export function PlansPage() {
  const session = useSignedInSession();
  const plans = usePlans();
  const checkout = useStartCheckout(session.userId);

  // The shared guest account cannot buy for anyone: it is signed out here (member spec, section 6) and lands on
  // the public plans page, which offers the free trial.
  if (session.isGuestUser) return <Navigate to={paths.logout} replace state={{ next: paths.plans }} />;
  if (plans.isError) return <Navigate to={paths.logout} replace />;

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Plans</Title>
      <Text c="dimmed" mb="lg">
        Every plan starts with a free 30-day trial for a new organization. Cancel anytime.
      </Text>
      {plans.isPending && <PageLoader label="Loading plans..." />}
      <PlanGrid
        plans={plans.data}
        action={(plan, variant) => (
          <Button onClick={() => checkout.mutate(plan.subscription_id, { onError: notifyError })} disabled={checkout.isPending} variant={variant} fullWidth>
            {checkout.isPending ? 'Loading...' : 'pay now'}
          </Button>
        )}
      />
    </Container>
  );
}
