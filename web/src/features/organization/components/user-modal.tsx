import { Autocomplete, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type OrganizationUser, type UserFields, userFields } from '@mm/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useTeams } from '../../../lib/organization/get-teams.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useOrganizationUsers } from '../api/get-organization-users.ts';
import { useUpdateUser } from '../api/update-user.ts';

/** `onCreated` is told of a user just created (the list may not show them on its first page). */
type UserModalProps = { opened: boolean; user: OrganizationUser | null; onClose: () => void; onCreated?: (user: OrganizationUser) => void };
type Fields = Required<UserFields>;
type FieldErrors = Partial<Record<keyof Fields, string>>;
/** How the person signs in: an e-mail address (invited by e-mail) or an employee number (a printed sheet). */
type SignsInWith = 'email' | 'employee_number';

const EMPTY: Fields = { name: '', last_name: '', email: '', employee_number: '', team: '', role: '', manager_id: null };
/** Managers drawn at a time: typing narrows a plant of thousands to the few wanted. */
const MANAGERS_SHOWN = 50;

/** The contract's rule broken on a field, said in the reader's language (the contract's texts are English). */
function fieldError(t: TFunction<'organization'>, field: keyof Fields, code: string): string {
  if (code === 'too_big') return t('userModal.errors.tooLong');
  return t(`userModal.errors.${field}`);
}

/** 'New User' / 'Edit User' (administration spec, section 5): team is a team name, created when new. */
export function UserModal({ opened, user, onClose, onCreated }: UserModalProps) {
  const { t } = useTranslation('organization');
  return (
    <Modal opened={opened} onClose={onClose} title={user ? t('userModal.edit') : t('userModal.new')} centered>
      {/* Keyed so each opening starts from the chosen user's values. */}
      <UserForm
        key={user?.id ?? 'new'}
        user={user}
        onSaved={(saved) => {
          if (!user) onCreated?.(saved);
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}

function UserForm(props: { user: OrganizationUser | null; onSaved: (saved: OrganizationUser) => void; onCancel: () => void }) {
  const { user, onSaved } = props;
  const { t } = useTranslation('organization');
  const { organizationId, userId } = useManagedOrganization();
  const [fields, setFields] = useState<Fields>(
    user
      ? {
          name: user.name,
          last_name: user.last_name,
          email: user.email ?? '',
          employee_number: user.employee_number ?? '',
          team: user.team ?? '',
          role: user.role ?? '',
          manager_id: user.manager_id,
        }
      : EMPTY,
  );
  const [signsInWith, setSignsInWith] = useState<SignsInWith>(user && user.email === null ? 'employee_number' : 'email');
  const [errors, setErrors] = useState<FieldErrors>({});
  const teams = useTeams(organizationId);
  const people = useOrganizationUsers(organizationId);
  const managers = (people.data ?? [])
    .filter((person) => person.id !== user?.id)
    .map((person) => ({ value: String(person.id), label: `${person.name} ${person.last_name}` }));
  const create = useCreateUser();
  const update = useUpdateUser();
  const allEmpty = !fields.name && !fields.last_name && !fields.email && !fields.team;

  const bind = (key: Exclude<keyof Fields, 'manager_id'>) => ({
    value: fields[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => setFields({ ...fields, [key]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the chosen way of signing in is sent: the other field is left out.
    const sent = { ...fields, [signsInWith === 'email' ? 'employee_number' : 'email']: undefined };
    const checked = userFields.safeParse(sent);
    if (!checked.success || !sent[signsInWith]?.trim()) {
      const found: FieldErrors = {};
      for (const issue of checked.error?.issues ?? []) {
        const field = issue.path[0] as keyof Fields;
        found[field] ??= fieldError(t, field, issue.code);
      }
      if (!sent[signsInWith]?.trim()) found[signsInWith] = t('userModal.errors.contact');
      return setErrors(found);
    }
    setErrors({});
    const done = {
      onSuccess: ({ message, data }: { message: string | undefined; data: OrganizationUser }) => {
        if (message) adminNotify.success(message);
        onSaved(data);
      },
      onError: adminNotify.error,
    };
    if (user) update.mutate({ ...checked.data, user_id: user.id }, done);
    else create.mutate({ ...checked.data, organization_id: organizationId, super_user_id: userId, is_super_user: 0 }, done);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('userModal.name')} withAsterisk {...bind('name')} />
        <TextInput label={t('userModal.lastName')} withAsterisk {...bind('last_name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="signs-in-with">
            {t('userModal.signsInWith')}
          </Text>
          <SegmentedControl
            aria-labelledby="signs-in-with"
            value={signsInWith}
            onChange={(value) => setSignsInWith(value as SignsInWith)}
            data={[
              { value: 'email', label: t('userModal.email') },
              { value: 'employee_number', label: t('userModal.employeeNumber') },
            ]}
          />
        </Stack>
        {signsInWith === 'email' ? (
          <TextInput label={t('userModal.emailLabel')} type="email" withAsterisk description={t('userModal.emailHelp')} {...bind('email')} />
        ) : (
          <TextInput label={t('userModal.employeeNumber')} withAsterisk description={t('userModal.employeeHelp')} {...bind('employee_number')} />
        )}
        <Autocomplete
          label={t('userModal.team')}
          withAsterisk
          data={(teams.data ?? []).map((team) => team.name)}
          value={fields.team}
          error={errors.team}
          onChange={(team) => setFields({ ...fields, team })}
        />
        <TextInput label={t('userModal.role')} withAsterisk {...bind('role')} />
        <Select
          label={t('userModal.manager')}
          description={t('userModal.managerHelp')}
          placeholder={t('userModal.managerPlaceholder')}
          data={managers}
          value={fields.manager_id === null ? null : String(fields.manager_id)}
          onChange={(id) => setFields({ ...fields, manager_id: id === null ? null : Number(id) })}
          error={errors.manager_id ?? (people.isError ? people.error.message : undefined)}
          searchable
          clearable
          limit={MANAGERS_SHOWN}
          nothingFoundMessage={t('userModal.managerNone')}
          // People's names are data, not text to translate.
          translate="no"
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('userModal.cancel')}
          </Button>
          <Button type="submit" disabled={!user && allEmpty} loading={create.isPending || update.isPending}>
            {user ? t('userModal.update') : t('userModal.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
