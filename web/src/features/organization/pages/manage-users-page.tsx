import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MANAGED_USERS_PAGE, type OrganizationUser } from '@mm/contract';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useTypedSearch } from '../../../lib/typed-search.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useManagedUsers } from '../api/get-managed-users.ts';
import { UserModal } from '../components/user-modal.tsx';

/**
 * An address that may wrap after its "@" (and, past a cell's width, anywhere else): long addresses pushed the table
 * past a tablet's width.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}

type ManageUsersPageProps = {
  /** More actions on a user's row (app/ composes them from other features: the printed sign-in sheet). */
  rowActions?: (user: OrganizationUser) => ReactNode;
  /** More ways to add people beside New User (app/ composes them: the CSV import). */
  addActions?: ReactNode;
};

/** /manage-team: the organization's users except the signed-in super user, found and paged by the server. */
export function ManageUsersPage({ rowActions, addActions }: ManageUsersPageProps) {
  const { organizationId } = useManagedOrganization();
  const remove = useDeleteUser();
  const [modal, setModal] = useState<{ user: OrganizationUser | null } | null>(null);
  const [search, setSearch, searched] = useTypedSearch();
  const users = useManagedUsers(organizationId, searched);
  const shown = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages.at(-1)?.total ?? 0;
  const noneYet = users.isSuccess && total === 0 && searched === '';

  const confirmDelete = (user: OrganizationUser) =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: (
        <Text size="sm">
          Delete {user.name} {user.last_name}? They can no longer sign in; their history stays.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user.id, { onSuccess: ({ message }) => message && adminNotify.success(message), onError: adminNotify.error }),
    });

  return (
    <AdminPage title="Manage users">
      <Stack>
        <Group justify="space-between">
          <Text c="dimmed">Register new user</Text>
          <Group gap="xs">
            {addActions}
            <Button onClick={() => setModal({ user: null })}>New User</Button>
          </Group>
        </Group>
        {users.isPending && <PageLoader label="Loading users..." />}
        {users.isError && <Alert color="red">{users.error.message}</Alert>}
        {noneYet && <Text c="dimmed">No user registered yet</Text>}
        {users.isSuccess && !noneYet && (
          <TextInput
            label="Find a user"
            description="Name, e-mail, employee number, team or role"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
          />
        )}
        {users.isSuccess && total === 0 && searched !== '' && <Text c="dimmed">No user matches “{searched}”.</Text>}
        {shown.length > 0 && (
          <StackedTable striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>First name</Table.Th>
                <Table.Th>Last name</Table.Th>
                <Table.Th>E-mail or employee number</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user, index) => (
                <Table.Tr key={user.id}>
                  <Table.Td data-label="#">{index + 1}</Table.Td>
                  <Table.Td data-label="First name">{user.name}</Table.Td>
                  <Table.Td data-label="Last name">{user.last_name}</Table.Td>
                  <Table.Td data-label="E-mail or employee number">
                    {user.email !== null ? <EmailAddress email={user.email} /> : <Text size="sm">No. {user.employee_number}</Text>}
                  </Table.Td>
                  <Table.Td data-label="Team">{user.team ?? '-'}</Table.Td>
                  <Table.Td data-label="Role">{user.role ?? '-'}</Table.Td>
                  <Table.Td data-label="Actions">
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit ${user.email ?? `${user.name} ${user.last_name}`}`} onClick={() => setModal({ user })}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${user.email ?? `${user.name} ${user.last_name}`}`}
                        onClick={() => confirmDelete(user)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                      {rowActions?.(user)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        )}
        <ShowMore
          shown={shown.length}
          total={total}
          pageSize={MANAGED_USERS_PAGE}
          noun="user"
          loading={users.isFetchingNextPage}
          onMore={() => void users.fetchNextPage()}
        />
      </Stack>
      <UserModal
        opened={modal !== null}
        user={modal?.user ?? null}
        onClose={() => setModal(null)}
        // The new user is found at once, wherever the name order puts them.
        onCreated={(created) => setSearch(created.email ?? created.employee_number ?? created.name)}
      />
    </AdminPage>
  );
}
