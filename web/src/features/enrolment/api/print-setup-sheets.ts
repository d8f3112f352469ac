import { routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** Prints sign-in sheets (new one-time setup codes) for members without e-mail and hands the PDF to the browser. */
export async function printSetupSheets(userIds: number[]) {
  saveFile(await apiDownload(routes.setupSheetsPdf, { body: { user_ids: userIds } }), 'sign-in-sheets.pdf');
}

export function usePrintSetupSheets() {
  return useMutation({ mutationFn: printSetupSheets });
}
