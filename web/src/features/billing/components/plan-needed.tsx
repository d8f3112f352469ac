import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';

type PlanNeededProps = { title: string; children: ReactNode };

/** Where the access decision sends a member without a plan: what is needed, and who can hire it. */
export function PlanNeeded({ title, children }: PlanNeededProps) {
  const session = useSignedInSession();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Alert variant="light" color="blue">
        {children}
      </Alert>
      <Text mt="md">
        {session.isSuperUser
          ? 'As the super user of your organization you can choose a plan or review your billing.'
          : "Your organization's plan is managed by its super user: ask them, or register your own company."}
      </Text>
      <Group mt="lg">
        <Button component={Link} to={paths.plans}>
          See the plans
        </Button>
        {session.isSuperUser && (
          <Button component={Link} to={paths.billing} variant="light">
            Billing details
          </Button>
        )}
        <Button component={Link} to={paths.home} variant="subtle">
          Back to home
        </Button>
      </Group>
    </Container>
  );
}
