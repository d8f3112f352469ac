import { Alert, Container, Table, Text, Title } from '@mantine/core';
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
  const { organizationId } = useManagedOrganization();
  const tree = useCatalogTree(organizationId);
  const path = usePathCategories(organizationId, null);
  const compliance = useCompliance(organizationId, null);
  if (tree.isPending || path.isPending) return <PageLoader label="Loading the library..." />;
  if (tree.isError || path.isError) return <Alert color="red">{(tree.error ?? path.error)?.message}</Alert>;
  const inPath = new Map(path.data.data.map((c) => [c.id, c]));
  const completion = new Map((compliance.data ?? []).map((c) => [c.category_id, c]));
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Library
      </Title>
      <StackedTable striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th>Learning path</Table.Th>
            <Table.Th>Requiredness</Table.Th>
            <Table.Th>Videos</Table.Th>
            <Table.Th>Total duration</Table.Th>
            <Table.Th>Members' completion</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tree.data.map((category) => {
            const entry = inPath.get(category.id);
            const done = completion.get(category.id);
            const essential = entry ? entry.essential : category.essential;
            return (
              <Table.Tr key={category.id}>
                <Table.Td data-label="Category">{category.name}</Table.Td>
                <Table.Td data-label="Learning path">
                  {entry ? (
                    <Text size="sm" fw={600}>
                      Position {entry.sort}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not in the path
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Requiredness">{essential === 1 ? 'Required' : 'Optional'}</Table.Td>
                {/* The server's figures: the ones home and the category page show (design.md). */}
                <Table.Td data-label="Videos">{category.videos_count}</Table.Td>
                <Table.Td data-label="Total duration">{formatDuration(category.total_seconds)}</Table.Td>
                <Table.Td data-label="Members' completion">{done ? `${done.completion}% (${done.completed}/${done.members})` : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
    </Container>
  );
}
