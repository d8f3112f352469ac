import { Alert, Anchor, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TeamSummary } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { teamFormPath, teamOverviewPath } from '../../../config/paths.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useTeams } from '../../../lib/organization/get-teams.ts';
import { useDeleteTeam } from '../api/delete-team.ts';

/** /manage-organization/edit-team: a grid of team cards. */
export function EditTeamsPage() {
  const { t } = useTranslation('organization');
  const { organizationId } = useManagedOrganization();
  const teams = useTeams(organizationId);
  const remove = useDeleteTeam();

  const confirmDelete = (team: TeamSummary) =>
    modals.openConfirmModal({
      title: t('teams.deleteTitle'),
      children: <Text size="sm">{t('teams.deleteText', { name: team.name })}</Text>,
      labels: { confirm: t('teams.confirm'), cancel: t('teams.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { teamId: team.id, teamName: team.name },
          { onSuccess: ({ message }) => message && adminNotify.success(message), onError: adminNotify.error },
        ),
    });

  return (
    <AdminPage title={t('teams.title')}>
      {teams.isPending && <PageLoader label={t('teams.loading')} />}
      {teams.isError && <Alert color="red">{teams.error.message}</Alert>}
      {teams.data?.length === 0 && <Text c="dimmed">{t('teams.none')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {teams.data?.map((team) => (
          <Card key={team.id} withBorder padding="lg" data-testid="team-card">
            <Anchor component={Link} to={teamOverviewPath(team.name, team.id)} fw={600} size="lg" translate="no">
              {team.name}
            </Anchor>
            <Text c="dimmed" size="sm">
              {t('teams.memberCount', { count: team.members_count })}
            </Text>
            <Group mt="md">
              <Button component={Link} to={teamFormPath(team.name, team.id)} variant="light">
                {t('teams.edit')}
              </Button>
              <Button color="red" variant="subtle" onClick={() => confirmDelete(team)}>
                {t('teams.delete')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
