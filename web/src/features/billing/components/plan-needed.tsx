import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';

type PlanNeededProps = { title: string; children: ReactNode };

/** Where the access decision sends a member without a plan: what is needed, and who can hire it. */
export function PlanNeeded({ title, children }: PlanNeededProps) {
  const { t } = useTranslation('billing');
  const session = useSignedInSession();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Alert variant="light" color="blue">
        {children}
      </Alert>
      <Text mt="md">{session.isSuperUser ? t('needed.superUser') : t('needed.member')}</Text>
      <Group mt="lg">
        <Button component={Link} to={paths.plans}>
          {t('needed.seePlans')}
        </Button>
        {session.isSuperUser && (
          <Button component={Link} to={paths.billing} variant="light">
            {t('needed.billing')}
          </Button>
        )}
        <Button component={Link} to={paths.home} variant="subtle">
          {t('needed.home')}
        </Button>
      </Group>
    </Container>
  );
}
