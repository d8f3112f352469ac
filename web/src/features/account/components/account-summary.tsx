import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileData } from '@mm/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { paths } from '../../../config/paths.ts';
import { openEditProfileModal } from './edit-profile-modal.tsx';

/** `readOnly`: the shared guest, which may change nothing of the account, is offered no action on it. `children`: more settings, above the deletion. */
type AccountSummaryProps = { profile: ProfileData; readOnly: boolean; children?: ReactNode };

export function AccountSummary({ profile, readOnly, children }: AccountSummaryProps) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Text fw={700} mb="sm">
          {t('summary.title')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <LabelledValue label={t('summary.email')} value={profile.email} />
          <LabelledValue label={t('summary.password')} value="••••••••" />
          <LabelledValue label={t('summary.plan')} value={profile.subscription_title ?? t('summary.noPlan')} />
        </SimpleGrid>
        {readOnly ? (
          <Alert color="gray" mt="md">
            {t('summary.guest')}
          </Alert>
        ) : (
          <>
            <Divider my="md" />
            <Group gap="sm">
              <Button variant="light" onClick={() => openEditProfileModal(profile)}>
                {t('summary.edit')}
              </Button>
              <Button component={Link} to={paths.account.changePassword} variant="light">
                {t('summary.changePassword')}
              </Button>
              <Button component={Link} to={paths.plans} variant="light">
                {t('summary.changePlan')}
              </Button>
              <Button component={Link} to={paths.billing} variant="light">
                {t('summary.billing')}
              </Button>
            </Group>
          </>
        )}
      </Card>
      {children}
      {!readOnly && (
        <Group justify="flex-end">
          <Button component={Link} to={paths.account.delete} variant="subtle" color="red">
            {t('summary.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
