import { modals } from '@mantine/modals';
import type { ProfileData } from '@mm/contract';
import i18next from 'i18next';
import { EditProfileForm } from './edit-profile-form.tsx';

/** Opened from the account page, whose namespace is loaded. */
export function openEditProfileModal(profile: ProfileData): void {
  const modalId = modals.open({
    title: i18next.t('account:edit.title'),
    children: <EditProfileForm profile={profile} onSaved={() => modals.close(modalId)} />,
  });
}
