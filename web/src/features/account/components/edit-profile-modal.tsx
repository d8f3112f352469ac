import { modals } from '@mantine/modals';
import type { ProfileData } from '@mm/contract';
import { EditProfileForm } from './edit-profile-form.tsx';

export function openEditProfileModal(profile: ProfileData): void {
  const modalId = modals.open({
    title: 'Edit profile',
    children: <EditProfileForm profile={profile} onSaved={() => modals.close(modalId)} />,
  });
}
