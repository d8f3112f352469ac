import type {
  AssignStationData,
  AssignStationRequest,
  AuditPackQuery,
  AuditVerificationData,
  MatrixData,
  PersonQualificationsData,
  SetShiftRequest,
  SignOffRequest,
  SignoffRecord,
  Station,
  StationChoicesData,
  StationInput,
  StationsData,
} from '@mm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveFile, untypedApiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';

/** Every call is under the caller's own organization. */
const base = () => `/api/organization/${getSession()?.organizationId ?? 0}`;
const qualificationsKey = ['qualifications'] as const;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function useStations() {
  return useQuery(
    queryOptions({ queryKey: [...qualificationsKey, 'stations'], queryFn: async () => (await untypedApiRequest<StationsData>(`${base()}/stations`)).data }),
  );
}

export function useStationChoices() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'choices'],
      queryFn: async () => (await untypedApiRequest<StationChoicesData>(`${base()}/stations/choices`)).data,
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
      ? untypedApiRequest<Station>(`${base()}/stations`, { method: 'POST', json: input })
      : untypedApiRequest<Station>(`${base()}/stations/${stationId}`, { method: 'PUT', json: input }),
  );

export const useRetireStation = () =>
  useQualificationsWrite((stationId: number) => untypedApiRequest<null>(`${base()}/stations/${stationId}`, { method: 'DELETE' }));

export const useAssignStation = () =>
  useQualificationsWrite(({ stationId, body }: { stationId: number; body: AssignStationRequest }) =>
    untypedApiRequest<AssignStationData>(`${base()}/stations/${stationId}/assignments`, { method: 'POST', json: body }),
  );

export const useUnassignStation = () =>
  useQualificationsWrite(({ stationId, userId }: { stationId: number; userId: number }) =>
    untypedApiRequest<null>(`${base()}/stations/${stationId}/assignments/${userId}`, { method: 'DELETE' }),
  );

/** A person's qualifications; without a user id, the caller's own. */
export function usePersonQualifications(userId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'person', userId ?? 'me'],
      queryFn: async () => (await untypedApiRequest<PersonQualificationsData>(`${base()}/qualifications${query({ user_id: userId })}`)).data,
    }),
  );
}

export const useSetShift = () =>
  useQualificationsWrite(({ userId, body }: { userId: number; body: SetShiftRequest }) =>
    untypedApiRequest<null>(`${base()}/qualifications/people/${userId}/shift`, { method: 'PUT', json: body }),
  );

export type MatrixFilters = { team_id?: number; shift?: string; skip: number; take: number };

export function useMatrix(filters: MatrixFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'matrix', filters],
      queryFn: async () => (await untypedApiRequest<MatrixData>(`${base()}/qualifications/matrix${query(filters)}`)).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export async function downloadMatrixCsv(filters: Omit<MatrixFilters, 'skip' | 'take'>): Promise<void> {
  saveFile(await apiDownload(`${base()}/qualifications/matrix.csv${query(filters)}`), 'qualification-matrix.csv');
}

export const useSignOff = () =>
  useQualificationsWrite((body: SignOffRequest) => untypedApiRequest<SignoffRecord>(`${base()}/signoffs`, { method: 'POST', json: body }));

export async function downloadAuditPack(scope: AuditPackQuery): Promise<void> {
  const format = scope.format ?? 'pdf';
  saveFile(await apiDownload(`${base()}/audit-pack${query({ ...scope, format })}`), `audit-pack.${format}`);
}

export function useEvidenceVerification() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'verify'],
      queryFn: async () => (await untypedApiRequest<AuditVerificationData>(`${base()}/audit-pack/verify`)).data,
    }),
  );
}
