import { Alert, Avatar, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('organization');
  const params = useParams();
  const { organizationId } = useManagedOrganization();
  const overview = useTeamOverview(Number(params.id), organizationId);

  return (
    <AdminPage title={t('teams.overviewTitle', { name: overview.data?.name ?? params.name ?? '' })} back={paths.organization.editTeams}>
      {overview.isPending && <PageLoader label={t('teams.overviewLoading')} />}
      {overview.isError && <Alert color="red">{overview.error.message}</Alert>}
      {overview.data && (
        <Stack gap="xl">
          <section>
            <Title order={2} size="h3" mb="sm">
              {t('teams.members')}
            </Title>
            {overview.data.members.length === 0 ? (
              <Text c="dimmed">{t('teams.noMembers')}</Text>
            ) : (
              <StackedTable striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teams.firstName')}</Table.Th>
                    <Table.Th>{t('teams.lastName')}</Table.Th>
                    <Table.Th>{t('teams.createdAt')}</Table.Th>
                    <Table.Th>{t('teams.updatedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.data.members.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td data-label={t('teams.firstName')} translate="no">
                        {m.first_name}
                      </Table.Td>
                      <Table.Td data-label={t('teams.lastName')} translate="no">
                        {m.last_name}
                      </Table.Td>
                      <Table.Td data-label={t('teams.createdAt')}>{formatDateTime(m.created_at)}</Table.Td>
                      <Table.Td data-label={t('teams.updatedAt')}>{formatDateTime(m.updated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </StackedTable>
            )}
          </section>
          <section>
            <Title order={2} size="h3" mb="sm">
              {t('teams.categories')}
            </Title>
            <StackedTable striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teams.image')}</Table.Th>
                  <Table.Th>{t('teams.categoryName')}</Table.Th>
                  <Table.Th>{t('teams.essential')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.data.categories.map((c) => (
                  <Table.Tr key={c.category_id}>
                    <Table.Td data-label={t('teams.image')}>
                      <Avatar src={c.picture} alt="" radius="sm" />
                    </Table.Td>
                    <Table.Td data-label={t('teams.categoryName')} translate="no">
                      {c.name}
                    </Table.Td>
                    <Table.Td data-label={t('teams.essential')}>{c.essential === 1 ? t('teams.yes') : t('teams.no')}</Table.Td>
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
