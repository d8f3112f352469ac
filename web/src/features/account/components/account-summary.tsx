import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileData } from '@mm/contract';
import { Link } from 'react-router';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { paths } from '../../../config/paths.ts';
import { openEditProfileModal } from './edit-profile-modal.tsx';

/** `readOnly`: the shared guest, which may change nothing of the account, is offered no action on it. */
type AccountSummaryProps = { profile: ProfileData; readOnly: boolean };

export function AccountSummary({ profile, readOnly }: AccountSummaryProps) {
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Text fw={700} mb="sm">
          Your account
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <LabelledValue label="Email" value={profile.email} />
          <LabelledValue label="Password" value="••••••••" />
          <LabelledValue label="Plan" value={profile.subscription_title ?? 'No active plan'} />
        </SimpleGrid>
        {readOnly ? (
          <Alert color="gray" mt="md">
            The guest account is read-only and shared: its password, profile and plan cannot be changed. Sign up for an account of your own.
          </Alert>
        ) : (
          <>
            <Divider my="md" />
            <Group gap="sm">
              <Button variant="light" onClick={() => openEditProfileModal(profile)}>
                Edit profile
              </Button>
              <Button component={Link} to={paths.account.changePassword} variant="light">
                Change password
              </Button>
              <Button component={Link} to={paths.plans} variant="light">
                Change plan
              </Button>
              <Button component={Link} to={paths.billing} variant="light">
                Billing details
              </Button>
            </Group>
          </>
        )}
      </Card>
      {!readOnly && (
        <Group justify="flex-end">
          <Button component={Link} to={paths.account.delete} variant="subtle" color="red">
            Delete account
          </Button>
        </Group>
      )}
    </Stack>
  );
}
