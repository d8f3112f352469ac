import { Button, Stack, TextInput } from '@mantine/core';
import { createTeamRequest, ORGANIZATION_MESSAGES } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { paths } from '../../../config/paths.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { MemberSelect } from '../components/member-select.tsx';

/** /manage-organization/create-team: name (min 1) and members (required). */
export function CreateTeamPage() {
  const { organizationId } = useManagedOrganization();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; members?: string }>({});
  const create = useCreateTeam();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, organizationId, members: members.map(Number) };
    const checked = createTeamRequest.safeParse(body);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as 'name' | 'members'] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    create.mutate(
      { organizationId, body },
      {
        onSuccess: () => {
          adminNotify.success(ORGANIZATION_MESSAGES.teamCreated);
          navigate(paths.organization.editTeams);
        },
        onError: adminNotify.error,
      },
    );
  };

  return (
    <AdminPage title="Create team" size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Team name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
          <MemberSelect organizationId={organizationId} value={members} onChange={setMembers} error={errors.members} />
          <Button type="submit" loading={create.isPending}>
            Create Team
          </Button>
        </Stack>
      </form>
    </AdminPage>
  );
}
