import { Alert, Avatar, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useTeamOverview } from '../api/get-team-overview.ts';

/** /manage-organization/team-overview/{name}/{id}: members and the team's categories. */
export function TeamOverviewPage() {
  const params = useParams();
  const { organizationId } = useManagedOrganization();
  const overview = useTeamOverview(Number(params.id), organizationId);

  return (
    <AdminPage title={`Team ${overview.data?.name ?? params.name ?? ''}`} back={paths.organization.editTeams}>
      {overview.isPending && <PageLoader label="Loading the team..." />}
      {overview.isError && <Alert color="red">{overview.error.message}</Alert>}
      {overview.data && (
        <Stack gap="xl">
          <section>
            <Title order={2} size="h3" mb="sm">
              Members
            </Title>
            {overview.data.members.length === 0 ? (
              <Text c="dimmed">This team has no members.</Text>
            ) : (
              <StackedTable striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>First name</Table.Th>
                    <Table.Th>Last name</Table.Th>
                    <Table.Th>Created at</Table.Th>
                    <Table.Th>Updated at</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.data.members.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td data-label="First name">{m.first_name}</Table.Td>
                      <Table.Td data-label="Last name">{m.last_name}</Table.Td>
                      <Table.Td data-label="Created at">{formatDateTime(m.created_at)}</Table.Td>
                      <Table.Td data-label="Updated at">{formatDateTime(m.updated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </StackedTable>
            )}
          </section>
          <section>
            <Title order={2} size="h3" mb="sm">
              Categories
            </Title>
            <StackedTable striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Image</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Essential</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.data.categories.map((c) => (
                  <Table.Tr key={c.category_id}>
                    <Table.Td data-label="Image">
                      <Avatar src={c.picture} alt="" radius="sm" />
                    </Table.Td>
                    <Table.Td data-label="Name">{c.name}</Table.Td>
                    <Table.Td data-label="Essential">{c.essential === 1 ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          </section>
        </Stack>
      )}
    </AdminPage>
  );
}
