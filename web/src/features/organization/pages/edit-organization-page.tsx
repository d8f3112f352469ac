import { Button, FileInput, Image, Stack, TextInput } from '@mantine/core';
import { ORGANIZATION_MESSAGES } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useUpdateBanner } from '../api/update-banner.ts';

/** /manage-organization/edit: the name is read-only; the banner can be replaced. */
export function EditOrganizationPage() {
  const { organizationId, organizationName } = useManagedOrganization();
  const [file, setFile] = useState<File | null>(null);
  const [bannerUrl, setBannerUrl] = useState<string | null>(null);
  const update = useUpdateBanner();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return adminNotify.errorMessage('Choose a banner image first.');
    update.mutate(
      { organizationId, file },
      {
        onSuccess: ({ data }) => {
          setBannerUrl(data.banner_url);
          adminNotify.success(ORGANIZATION_MESSAGES.organizationUpdated);
        },
        onError: adminNotify.error,
      },
    );
  };

  return (
    <AdminPage title="Edit organization" size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Organization name" value={organizationName} readOnly />
          <FileInput
            label="Banner"
            placeholder="Choose an image"
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={file}
            onChange={setFile}
            clearable
          />
          {bannerUrl && <Image src={bannerUrl} alt="Organization banner" radius="sm" />}
          <Button type="submit" loading={update.isPending}>
            Update Organization
          </Button>
        </Stack>
      </form>
    </AdminPage>
  );
}
