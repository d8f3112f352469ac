import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { paths } from '../../../config/paths.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useTeamOverview } from '../api/get-team-overview.ts';
import { useSaveTeamForm } from '../api/save-team-form.ts';
import { MemberSelect } from '../components/member-select.tsx';

/** /manage-organization/team-form/{name}/{id}: rename, add members, optionally replace the current ones. */
export function TeamFormPage() {
  const { t } = useTranslation('organization');
  const params = useParams();
  const teamId = Number(params.id);
  const { organizationId } = useManagedOrganization();
  const [name, setName] = useState(params.name ?? '');
  const [members, setMembers] = useState<string[]>([]);
  const [replace, setReplace] = useState(false);
  const team = useTeamOverview(teamId, organizationId);
  // The list opens with the team as it is: unticked it adds the new picks, ticked it becomes the team.
  const currentMembers = team.data?.members;
  useEffect(() => {
    if (currentMembers) setMembers(currentMembers.map((member) => String(member.id)));
  }, [currentMembers]);
  const save = useSaveTeamForm();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return adminNotify.errorMessage(t('teams.nameRequired'));
    save.mutate(
      { teamId, body: { name, organizationId, members: members.map(Number), deleteTeam: replace ? 1 : 0 } },
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
    <AdminPage title={t('teams.editTitle')} back={paths.organization.editTeams} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('teams.name')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <MemberSelect organizationId={organizationId} value={members} onChange={setMembers} />
          <Checkbox label={t('teams.replace')} checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} />
          <Button type="submit" loading={save.isPending}>
            {t('teams.update')}
          </Button>
        </Stack>
      </form>
    </AdminPage>
  );
}
