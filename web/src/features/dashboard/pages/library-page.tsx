import { Alert, Container, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { formatDuration } from '../../../lib/duration.ts';
import { useCatalogTree } from '../../../lib/organization/get-catalog-tree.ts';
import { usePathCategories } from '../../../lib/organization/get-path-categories.ts';
import { useCompliance } from '../api/get-compliance.ts';

/**
 * /library (super users): the catalog with the organization's state of each category: in its learning path or not,
 * required or optional, video count, total duration, and for required categories the members' completion.
 */
export function LibraryPage() {
  const { t } = useTranslation('organization');
  const { organizationId } = useManagedOrganization();
  const tree = useCatalogTree(organizationId);
  const path = usePathCategories(organizationId, null);
  const compliance = useCompliance(organizationId, null);
  if (tree.isPending || path.isPending) return <PageLoader label={t('library.loading')} />;
  if (tree.isError || path.isError) return <Alert color="red">{(tree.error ?? path.error)?.message}</Alert>;
  const inPath = new Map(path.data.data.map((c) => [c.id, c]));
  const completion = new Map((compliance.data ?? []).map((c) => [c.category_id, c]));
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('library.title')}
      </Title>
      <StackedTable striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('library.category')}</Table.Th>
            <Table.Th>{t('library.path')}</Table.Th>
            <Table.Th>{t('library.requiredness')}</Table.Th>
            <Table.Th>{t('library.videos')}</Table.Th>
            <Table.Th>{t('library.duration')}</Table.Th>
            <Table.Th>{t('library.completion')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tree.data.map((category) => {
            const entry = inPath.get(category.id);
            const done = completion.get(category.id);
            const essential = entry ? entry.essential : category.essential;
            return (
              <Table.Tr key={category.id}>
                <Table.Td data-label={t('library.category')} translate="no">
                  {category.name}
                </Table.Td>
                <Table.Td data-label={t('library.path')}>
                  {entry ? (
                    <Text size="sm" fw={600}>
                      {t('library.position', { position: entry.sort })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('library.notInPath')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={t('library.requiredness')}>{essential === 1 ? t('library.required') : t('library.optional')}</Table.Td>
                {/* The server's figures: the ones home and the category page show (design.md). */}
                <Table.Td data-label={t('library.videos')}>{category.videos_count}</Table.Td>
                <Table.Td data-label={t('library.duration')}>{formatDuration(category.total_seconds)}</Table.Td>
                <Table.Td data-label={t('library.completion')}>{done ? `${done.completion}% (${done.completed}/${done.members})` : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
    </Container>
  );
}
