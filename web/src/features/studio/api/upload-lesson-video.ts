import { STUDIO_UPLOAD_PATH } from '@mm/contract';
import { Upload } from 'tus-js-client';
import { getSession } from '../../../lib/session.ts';

type UploadCallbacks = { onProgress: (percent: number) => void; onSuccess: () => void; onError: (message: string) => void };

/** The server's words from a refused tus request (its body is the API's failure envelope), else the client's. */
function refusal(error: Error & { originalResponse?: { getBody(): string } | null }): string {
  try {
    const body = JSON.parse(error.originalResponse?.getBody() ?? '') as { error_messages?: string };
    if (body.error_messages) return body.error_messages;
  } catch {
    // Not the envelope: the network failed, or the client gave up.
  }
  return 'The upload stopped: check the connection and choose the file again to resume.';
}

/**
 * Uploads a lesson's video with the tus protocol: sent in 5 MB pieces, retried after a dropped connection, and resumed
 * from the server's offset when the same file is chosen again for the same lesson (the client remembers the upload).
 * Answers a function that pauses it.
 */
export function uploadLessonVideo(
  lessonId: number,
  file: File,
  callbacks: UploadCallbacks,
  /** A published lesson's new revision: what changed, and whether who completed it must watch it again. */
  revision?: { summary: string; requiresRetraining: boolean },
): () => void {
  const upload = new Upload(file, {
    endpoint: STUDIO_UPLOAD_PATH,
    chunkSize: 5 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: {
      lesson_id: String(lessonId),
      filename: file.name,
      filetype: file.type,
      ...(revision && { summary: revision.summary, requires_retraining: revision.requiresRetraining ? '1' : '0' }),
    },
    headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` },
    // One remembered upload per lesson and file.
    fingerprint: async (f) => `mm-studio-${lessonId}-${(f as File).name}-${(f as File).size}-${(f as File).lastModified}`,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => callbacks.onProgress(total ? Math.floor((sent / total) * 100) : 0),
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => callbacks.onError(refusal(error as Error & { originalResponse?: { getBody(): string } | null })),
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return () => void upload.abort();
}
