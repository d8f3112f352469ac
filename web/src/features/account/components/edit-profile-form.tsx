import { Button, Stack, TextInput } from '@mantine/core';
import type { ProfileData } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type EditProfileFormProps = { profile: ProfileData; onSaved: () => void };

/** Name and e-mail; no client rule, the server judges (member spec, section 5). */
export function EditProfileForm({ profile, onSaved }: EditProfileFormProps) {
  const { t } = useTranslation('account');
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email);
  const updateProfile = useUpdateProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    updateProfile.mutate(
      { name, email },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          onSaved();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('edit.name')} autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput label={t('edit.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </Stack>
    </form>
  );
}
