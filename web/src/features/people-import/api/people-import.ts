import { type PeopleImportRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

type Sent = { organizationId: number; file: PeopleImportRequest };

/** The server's dry run of a file: every problem of the file and of each row; writes nothing. */
export function useCheckPeopleImport() {
  return useMutation({
    mutationFn: async ({ organizationId, file }: Sent) => (await apiRequest(routes.peopleImportCheck, { params: { orgId: organizationId }, body: file })).data,
  });
}

/** The import itself: every row or none. */
export function useImportPeople() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ organizationId, file }: Sent) => (await apiRequest(routes.peopleImport, { params: { orgId: organizationId }, body: file })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }),
  });
}
