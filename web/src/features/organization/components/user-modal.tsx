import { Autocomplete, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_OR_EMPLOYEE_NUMBER, type OrganizationUser, type UserFields, userFields } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useTeams } from '../../../lib/organization/get-teams.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

/** `onCreated` is told of a user just created (the list may not show them on its first page). */
type UserModalProps = { opened: boolean; user: OrganizationUser | null; onClose: () => void; onCreated?: (user: OrganizationUser) => void };
type Fields = Required<UserFields>;
type FieldErrors = Partial<Record<keyof Fields, string>>;
/** How the person signs in: an e-mail address (invited by e-mail) or an employee number (a printed sheet). */
type SignsInWith = 'email' | 'employee_number';

const EMPTY: Fields = { name: '', last_name: '', email: '', employee_number: '', team: '', role: '' };

/** 'New User' / 'Edit User' (administration spec, section 5): team is a team name, created when new. */
export function UserModal({ opened, user, onClose, onCreated }: UserModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'New User'} centered>
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
        }
      : EMPTY,
  );
  const [signsInWith, setSignsInWith] = useState<SignsInWith>(user && user.email === null ? 'employee_number' : 'email');
  const [errors, setErrors] = useState<FieldErrors>({});
  const teams = useTeams(organizationId);
  const create = useCreateUser();
  const update = useUpdateUser();
  const allEmpty = !fields.name && !fields.last_name && !fields.email && !fields.team;

  const bind = (key: keyof Fields) => ({
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
      for (const issue of checked.error?.issues ?? []) found[issue.path[0] as keyof Fields] ??= issue.message;
      if (!sent[signsInWith]?.trim()) found[signsInWith] = EMAIL_OR_EMPLOYEE_NUMBER;
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
        <TextInput label="Name" withAsterisk {...bind('name')} />
        <TextInput label="Last Name" withAsterisk {...bind('last_name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="signs-in-with">
            Signs in with
          </Text>
          <SegmentedControl
            aria-labelledby="signs-in-with"
            value={signsInWith}
            onChange={(value) => setSignsInWith(value as SignsInWith)}
            data={[
              { value: 'email', label: 'E-mail' },
              { value: 'employee_number', label: 'Employee number' },
            ]}
          />
        </Stack>
        {signsInWith === 'email' ? (
          <TextInput label="Email" type="email" withAsterisk description="They get an e-mail invitation to set their password." {...bind('email')} />
        ) : (
          <TextInput
            label="Employee number"
            withAsterisk
            description="For people without e-mail: print their sign-in sheet from the list once created."
            {...bind('employee_number')}
          />
        )}
        <Autocomplete
          label="Team"
          withAsterisk
          data={(teams.data ?? []).map((t) => t.name)}
          value={fields.team}
          error={errors.team}
          onChange={(team) => setFields({ ...fields, team })}
        />
        <TextInput label="Role" withAsterisk {...bind('role')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!user && allEmpty} loading={create.isPending || update.isPending}>
            {user ? 'Update User' : 'Create User'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
