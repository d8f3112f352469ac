import { type KioskPracticalCheckRequest, type KioskPracticalStationsData, routes } from '@mm/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskPracticalKey } from './keys.ts';
import { deviceHeaders } from './kiosk-device-headers.ts';

/** GET /api/kiosk/practical-checks/stations: the stations with a checklist, their operators on this team and signers. */
export async function getPracticalStations(deviceToken: string): Promise<KioskPracticalStationsData> {
  return (await apiRequest(routes.kioskPracticalStations, {}, { headers: deviceHeaders(deviceToken) })).data;
}

export function usePracticalStations(deviceToken: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...kioskPracticalKey, deviceToken],
      queryFn: () => getPracticalStations(deviceToken ?? ''),
      enabled: deviceToken !== null,
      retry: false,
    }),
  );
}

/** POST /api/kiosk/practical-checks/photos (multipart photo): the server re-encodes the picture and answers its address. */
export async function uploadPracticalPhoto({ deviceToken, file }: { deviceToken: string; file: File }): Promise<string> {
  const form = new FormData();
  form.append('photo', file);
  return (await apiRequest(routes.kioskPracticalPhoto, {}, { form, headers: deviceHeaders(deviceToken) })).data.photo_url;
}

export const useUploadPracticalPhoto = () => useMutation({ mutationFn: uploadPracticalPhoto });

/** POST /api/kiosk/practical-checks: the observed form with the operator's and the trainer's PINs. */
export async function recordPracticalCheck({ deviceToken, body }: { deviceToken: string; body: KioskPracticalCheckRequest }) {
  return apiRequest(routes.kioskPracticalCheck, { body }, { headers: deviceHeaders(deviceToken) });
}

export const useRecordPracticalCheck = () => useMutation({ mutationFn: recordPracticalCheck });
