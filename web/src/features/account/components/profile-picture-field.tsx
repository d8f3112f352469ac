import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../lib/initials.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateProfileImage } from '../api/update-profile-image.ts';

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

type ProfilePictureFieldProps = { userId: number; name: string; picture: string | null };

/** Uploads the chosen image at once; the server re-encodes it into a square picture. */
export function ProfilePictureField({ userId, name, picture }: ProfilePictureFieldProps) {
  const { t } = useTranslation('account');
  const upload = useUpdateProfileImage();

  const choose = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { userId, picture: file },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Group gap="md">
      <Avatar src={picture} alt={t('picture.alt', { name })} size={64} radius="xl" name={name} color="initials" translate="no">
        {initialsOf(name)}
      </Avatar>
      <div>
        <FileButton onChange={choose} accept={ACCEPTED_IMAGES}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} disabled={upload.isPending}>
              {upload.isPending ? t('picture.uploading') : t('picture.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" mt={4}>
          {t('picture.formats')}
        </Text>
      </div>
    </Group>
  );
}
