import { routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST organization/edit/banner/{orgId} (multipart banner_file). */
export function updateBanner({ organizationId, file }: { organizationId: number; file: File }) {
  const form = new FormData();
  form.append('banner_file', file);
  return apiRequest(routes.organizationEditBanner, { params: { orgId: organizationId } }, { form });
}

export function useUpdateBanner() {
  return useMutation({ mutationFn: updateBanner });
}
