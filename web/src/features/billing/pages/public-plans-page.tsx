import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('billing');
  const plans = usePlans();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('plans.title')}</Title>
        <Text>{t('plans.publicIntro')}</Text>
        <Group gap="sm">
          <Button component={Link} to={paths.register} size="md">
            {t('plans.startTrial')}
          </Button>
          <Button component={Link} to={paths.login} variant="subtle" size="md">
            {t('plans.signIn')}
          </Button>
        </Group>
      </Stack>
      {plans.isPending && <PageLoader label={t('plans.loading')} />}
      {plans.isError && (
        <Alert variant="light" color="gray">
          {t('plans.unavailable')}
        </Alert>
      )}
      <PlanGrid
        plans={plans.data}
        action={(plan, variant) => (
          <Button component={Link} to={paths.register} variant={variant} fullWidth aria-label={t('plans.startTrialWith', { plan: plan.title })}>
            {t('plans.startTrial')}
          </Button>
        )}
      />
    </Container>
  );
}
