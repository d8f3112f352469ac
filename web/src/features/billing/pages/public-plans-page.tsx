import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { usePlans } from '../api/get-plans.ts';
import { PlanGrid } from '../components/plan-grid.tsx';

/**
 * /plans for a visitor (and the guest, signed out when they press a paid feature): the plans with their prices and
 * the sign-up that starts the free trial (member spec, sections 1 and 6).
 */
export function PublicPlansPage() {
  const plans = usePlans();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>Plans</Title>
        <Text>
          This feature needs a plan. Start with a free 30-day trial for your company, cancel anytime: 500+ tactical best-practice videos from manufacturing
          experts, and up to 4 additional staff to share videos across your team.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.register} size="md">
            Start your free trial
          </Button>
          <Button component={Link} to={paths.login} variant="subtle" size="md">
            Sign in
          </Button>
        </Group>
      </Stack>
      {plans.isPending && <PageLoader label="Loading plans..." />}
      {plans.isError && (
        <Alert variant="light" color="gray">
          The plans cannot be shown right now. You can still start your free trial.
        </Alert>
      )}
      <PlanGrid
        plans={plans.data}
        action={(plan, variant) => (
          <Button component={Link} to={paths.register} variant={variant} fullWidth aria-label={`Start your free trial with the ${plan.title} plan`}>
            Start your free trial
          </Button>
        )}
      />
    </Container>
  );
}
