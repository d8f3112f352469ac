import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MANAGED_USERS_PAGE, type OrganizationUser } from '@mm/contract';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
    <span style={{ overflowWrap: 'break-word' }} translate="no">
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
  const { t } = useTranslation('organization');
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
      title: t('users.deleteTitle'),
      children: <Text size="sm">{t('users.deleteText', { name: `${user.name} ${user.last_name}` })}</Text>,
      labels: { confirm: t('users.confirm'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user.id, { onSuccess: ({ message }) => message && adminNotify.success(message), onError: adminNotify.error }),
    });

  return (
    <AdminPage title={t('users.title')}>
      <Stack>
        <Group justify="space-between">
          <Text c="dimmed">{t('users.register')}</Text>
          <Group gap="xs">
            {addActions}
            <Button onClick={() => setModal({ user: null })}>{t('users.new')}</Button>
          </Group>
        </Group>
        {users.isPending && <PageLoader label={t('users.loading')} />}
        {users.isError && <Alert color="red">{users.error.message}</Alert>}
        {noneYet && <Text c="dimmed">{t('users.none')}</Text>}
        {users.isSuccess && !noneYet && (
          <TextInput
            label={t('users.find')}
            description={t('users.findHelp')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
          />
        )}
        {users.isSuccess && total === 0 && searched !== '' && <Text c="dimmed">{t('users.noMatch', { search: searched })}</Text>}
        {shown.length > 0 && (
          <StackedTable striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('users.firstName')}</Table.Th>
                <Table.Th>{t('users.lastName')}</Table.Th>
                <Table.Th>{t('users.contact')}</Table.Th>
                <Table.Th>{t('users.team')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('users.manager')}</Table.Th>
                <Table.Th>{t('users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user, index) => (
                <Table.Tr key={user.id}>
                  <Table.Td data-label="#">{index + 1}</Table.Td>
                  <Table.Td data-label={t('users.firstName')} translate="no">
                    {user.name}
                  </Table.Td>
                  <Table.Td data-label={t('users.lastName')} translate="no">
                    {user.last_name}
                  </Table.Td>
                  <Table.Td data-label={t('users.contact')}>
                    {user.email !== null ? (
                      <EmailAddress email={user.email} />
                    ) : (
                      <Text size="sm">{t('users.employeeNumber', { number: user.employee_number })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('users.team')} translate="no">
                    {user.team ?? '-'}
                  </Table.Td>
                  <Table.Td data-label={t('users.role')} translate="no">
                    {user.role ?? '-'}
                  </Table.Td>
                  <Table.Td data-label={t('users.manager')} translate="no">
                    {user.manager_name ?? '-'}
                  </Table.Td>
                  <Table.Td data-label={t('users.actions')}>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('users.edit', { who: user.email ?? `${user.name} ${user.last_name}` })}
                        onClick={() => setModal({ user })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('users.delete', { who: user.email ?? `${user.name} ${user.last_name}` })}
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
