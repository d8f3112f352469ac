import { Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type UserInfoData, type UserInfoRequest, userInfoRequest } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveUserInfo } from '../api/save-user-info.ts';
import { ProfilePictureField } from './profile-picture-field.tsx';

type Fields = { name: string; lastName: string; team: string; role: string; mobile: string; bio: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** `firstLogin`: saved from /firstLogin, which tells the server the first-login profile is done. */
type EditInfoFormProps = { info: UserInfoData; canEditTeamAndRole: boolean; onSaved: () => void; firstLogin?: boolean };

function fieldsOf(info: UserInfoData): Fields {
  return { name: info.name, lastName: info.last_name, team: info.team ?? '', role: info.role ?? '', mobile: info.mobile, bio: info.bio };
}

/** Team and role are sent only by a super user, and only once they hold something. */
function requestOf(fields: Fields, info: UserInfoData, canEditTeamAndRole: boolean): UserInfoRequest {
  const { team, role, ...rest } = fields;
  if (!canEditTeamAndRole) return rest;
  return {
    ...rest,
    ...(team.trim() !== '' || info.team ? { team } : {}),
    ...(role.trim() !== '' || info.role ? { role } : {}),
  };
}

/** The edit-info rules of the shared contract (member spec, section 5), as inline messages. */
function validate(request: UserInfoRequest): FieldErrors {
  const result = userInfoRequest.safeParse(request);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Fields;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function EditInfoForm({ info, canEditTeamAndRole, onSaved, firstLogin = false }: EditInfoFormProps) {
  const { t } = useTranslation('account');
  const [fields, setFields] = useState(() => fieldsOf(info));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveUserInfo();

  const bind = (key: keyof Fields) => ({
    value: fields[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => setFields({ ...fields, [key]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(fields, info, canEditTeamAndRole);
    const found = validate(request);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { userId: info.id, body: firstLogin ? { ...request, firstLogin: 1 } : request },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          onSaved();
        },
        onError: notifyError,
      },
    );
  };

  const lockedNote = canEditTeamAndRole ? undefined : t('info.locked');

  return (
    <Stack gap="md">
      <ProfilePictureField userId={info.id} name={`${info.name} ${info.last_name}`.trim()} picture={info.picture} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('info.name')} autoComplete="given-name" withAsterisk {...bind('name')} />
            <TextInput label={t('info.lastName')} autoComplete="family-name" withAsterisk {...bind('lastName')} />
            <TextInput label={t('info.team')} readOnly={!canEditTeamAndRole} description={lockedNote} {...bind('team')} />
            <TextInput label={t('info.role')} readOnly={!canEditTeamAndRole} description={lockedNote} {...bind('role')} />
          </SimpleGrid>
          <TextInput label={t('info.mobile')} type="tel" autoComplete="tel" {...bind('mobile')} />
          <Textarea translate="no" label={t('info.bio')} autosize minRows={3} maxRows={8} {...bind('bio')} />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('info.saving') : t('info.update')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
