import { type AssignStationRequest, type AuditPackQuery, routes, type SetShiftRequest, type Shift, type SignOffRequest, type StationInput } from '@mm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveFile } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';

/** Every call is under the caller's own organization (the server refuses any other). */
const own = () => ({ orgId: getSession()?.organizationId ?? 0 });
const qualificationsKey = ['qualifications'] as const;

export function useStations() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'stations'],
      queryFn: async () => (await apiRequest(routes.organizationStations, { params: own() })).data,
    }),
  );
}

export function useStationChoices() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'choices'],
      queryFn: async () => (await apiRequest(routes.organizationStationsChoices, { params: own() })).data,
    }),
  );
}

/** Any write changes states, counts and the matrix: every qualifications answer is read again. */
function useQualificationsWrite<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: qualificationsKey }) });
}

export const useSaveStation = () =>
  useQualificationsWrite(({ stationId, input }: { stationId: number | null; input: StationInput }) =>
    stationId === null
      ? apiRequest(routes.createStation, { params: own(), body: input })
      : apiRequest(routes.updateStation, { params: { ...own(), stationId }, body: input }),
  );

export const useRetireStation = () => useQualificationsWrite((stationId: number) => apiRequest(routes.deleteStation, { params: { ...own(), stationId } }));

export const useAssignStation = () =>
  useQualificationsWrite(({ stationId, body }: { stationId: number; body: AssignStationRequest }) =>
    apiRequest(routes.assignStation, { params: { ...own(), stationId }, body }),
  );

export const useUnassignStation = () =>
  useQualificationsWrite(({ stationId, userId }: { stationId: number; userId: number }) =>
    apiRequest(routes.unassignStation, { params: { ...own(), stationId, userId } }),
  );

/** A person's qualifications; without a user id, the caller's own. */
export function usePersonQualifications(userId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'person', userId ?? 'me'],
      queryFn: async () => (await apiRequest(routes.organizationQualifications, { params: own(), query: { user_id: userId } })).data,
    }),
  );
}

export const useSetShift = () =>
  useQualificationsWrite(({ userId, body }: { userId: number; body: SetShiftRequest }) =>
    apiRequest(routes.organizationQualificationsPeopleShift, { params: { ...own(), userId }, body }),
  );

export type MatrixFilters = { team_id?: number; shift?: Shift; skip: number; take: number };

export function useMatrix(filters: MatrixFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'matrix', filters],
      queryFn: async () => (await apiRequest(routes.organizationQualificationsMatrix, { params: own(), query: filters })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export async function downloadMatrixCsv(filters: Omit<MatrixFilters, 'skip' | 'take'>): Promise<void> {
  saveFile(await apiDownload(routes.qualificationsMatrixCsv, { params: own(), query: filters }), 'qualification-matrix.csv');
}

export const useSignOff = () => useQualificationsWrite((body: SignOffRequest) => apiRequest(routes.signOff, { params: own(), body }));

export async function downloadAuditPack(scope: AuditPackQuery): Promise<void> {
  const format = scope.format ?? 'pdf';
  saveFile(await apiDownload(routes.organizationAuditPack, { params: own(), query: { ...scope, format } }), `audit-pack.${format}`);
}

export function useEvidenceVerification() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'verify'],
      queryFn: async () => (await apiRequest(routes.organizationAuditPackVerify, { params: own() })).data,
    }),
  );
}
