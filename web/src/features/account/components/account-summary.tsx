import { Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileData } from '@mm/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { openEditProfileModal } from './edit-profile-modal.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

type AccountSummaryProps = { profile: ProfileData; showPlanLinks: boolean };

export function AccountSummary({ profile, showPlanLinks }: AccountSummaryProps) {
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Text fw={700} mb="sm">
          Your account
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Detail label="Email" value={profile.email} />
          <Detail label="Password" value="••••••••" />
          <Detail label="Plan" value={profile.subscription_title ?? 'No active plan'} />
        </SimpleGrid>
        <Divider my="md" />
        <Group gap="sm">
          <Button variant="light" onClick={() => openEditProfileModal(profile)}>
            Edit profile
          </Button>
          <Button component={Link} to={paths.account.changePassword} variant="light">
            Change password
          </Button>
          {showPlanLinks && (
            <>
              <Button component={Link} to={paths.plans} variant="light">
                Change plan
              </Button>
              <Button component={Link} to={paths.billing} variant="light">
                Billing details
              </Button>
            </>
          )}
        </Group>
      </Card>
      <Group justify="flex-end">
        <Button component={Link} to={paths.account.delete} variant="subtle" color="red">
          Delete account
        </Button>
      </Group>
    </Stack>
  );
}
