import { Alert, Anchor, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { countOf, ORGANIZATION_MESSAGES, type TeamSummary } from '@mm/contract';
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
  const { organizationId } = useManagedOrganization();
  const teams = useTeams(organizationId);
  const remove = useDeleteTeam();

  const confirmDelete = (team: TeamSummary) =>
    modals.openConfirmModal({
      title: 'Delete team',
      children: <Text size="sm">Delete the team {team.name}? Its members stay in the organization without a team.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { teamId: team.id, teamName: team.name },
          { onSuccess: () => adminNotify.success(ORGANIZATION_MESSAGES.teamDeleted), onError: adminNotify.error },
        ),
    });

  return (
    <AdminPage title="Teams">
      {teams.isPending && <PageLoader label="Loading teams..." />}
      {teams.isError && <Alert color="red">{teams.error.message}</Alert>}
      {teams.data?.length === 0 && <Text c="dimmed">There are no teams created yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {teams.data?.map((team) => (
          <Card key={team.id} withBorder padding="lg" data-testid="team-card">
            <Anchor component={Link} to={teamOverviewPath(team.name, team.id)} fw={600} size="lg">
              {team.name}
            </Anchor>
            <Text c="dimmed" size="sm">
              {countOf(team.members_count, 'member')}
            </Text>
            <Group mt="md">
              <Button component={Link} to={teamFormPath(team.name, team.id)} variant="light">
                Edit Team
              </Button>
              <Button color="red" variant="subtle" onClick={() => confirmDelete(team)}>
                Delete Team
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
