import { useMutation } from '@tanstack/react-query';
import { downloadFrom, saveFile } from '../../../lib/api-client.ts';

/** GET the playbook (the `playbook_url` of a video) with the bearer token and save it. */
export async function downloadPlaybook({ url, title }: { url: string; title: string }): Promise<void> {
  const file = await downloadFrom(url);
  saveFile(file, `${title.replace(/[^\w\- ]+/g, '').trim() || 'playbook'} - playbook.pdf`);
}

export function useDownloadPlaybook() {
  return useMutation({ mutationFn: downloadPlaybook });
}
