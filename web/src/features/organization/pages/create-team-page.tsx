import { Button, Stack, TextInput } from '@mantine/core';
import { createTeamRequest } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { paths } from '../../../config/paths.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { MemberSelect } from '../components/member-select.tsx';

/** /manage-organization/create-team: name (min 1) and members (required). */
export function CreateTeamPage() {
  const { t } = useTranslation('organization');
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
      // The contract's rules, said in the reader's language: one message per field.
      for (const issue of checked.error.issues)
        found[issue.path[0] as 'name' | 'members'] ??= t(issue.path[0] === 'members' ? 'teams.membersRequired' : 'teams.nameRequired');
      return setErrors(found);
    }
    setErrors({});
    create.mutate(
      { organizationId, body },
      {
        onSuccess: ({ message }) => {
          if (message) adminNotify.success(message);
          navigate(paths.organization.editTeams);
        },
        onError: adminNotify.error,
      },
    );
  };

  return (
    <AdminPage title={t('teams.createTitle')} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('teams.name')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
          <MemberSelect organizationId={organizationId} value={members} onChange={setMembers} error={errors.members} />
          <Button type="submit" loading={create.isPending}>
            {t('teams.create')}
          </Button>
        </Stack>
      </form>
    </AdminPage>
  );
}
