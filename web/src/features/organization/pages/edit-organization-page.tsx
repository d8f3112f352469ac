import { Button, FileInput, Image, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useUpdateBanner } from '../api/update-banner.ts';

/** /manage-organization/edit: the name is read-only; the banner can be replaced. */
export function EditOrganizationPage() {
  const { t } = useTranslation('organization');
  const { organizationId, organizationName } = useManagedOrganization();
  const [file, setFile] = useState<File | null>(null);
  const [bannerUrl, setBannerUrl] = useState<string | null>(null);
  const update = useUpdateBanner();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return adminNotify.errorMessage(t('edit.chooseFirst'));
    update.mutate(
      { organizationId, file },
      {
        onSuccess: ({ data, message }) => {
          setBannerUrl(data.banner_url);
          // The server says it in the caller's language.
          if (message) adminNotify.success(message);
        },
        onError: adminNotify.error,
      },
    );
  };

  return (
    <AdminPage title={t('edit.title')} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('edit.name')} value={organizationName} readOnly translate="no" />
          <FileInput
            label={t('edit.banner')}
            placeholder={t('edit.choose')}
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={file}
            onChange={setFile}
            clearable
          />
          {bannerUrl && <Image src={bannerUrl} alt={t('edit.bannerAlt')} radius="sm" />}
          <Button type="submit" loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </Stack>
      </form>
    </AdminPage>
  );
}
