import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * Reads the one file of a multipart upload into memory. Anything a caller can get wrong answers in the
 * envelope: not multipart or no file in `field` is a 400, a file over `maxBytes` a 413, and a body the
 * parser cannot read (truncated, a missing or wrong boundary, broken part headers) a 400; never a 500.
 */
export async function readUpload(request: FastifyRequest, field: string, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const expected = `Send the file as multipart/form-data in the field "${field}".`;
  if (!request.isMultipart()) throw badRequest(expected);
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (file?.fieldname !== field) throw badRequest(expected);
    const buffer = await file.toBuffer();
    // The parser may mark the file truncated only after the last chunk was read: check once more.
    if (file.file.truncated) throw new AppError(413, tooLarge);
    return buffer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, tooLarge);
    }
    throw badRequest(`The upload could not be read (${(error as Error).message || 'malformed body'}). ${expected}`);
  }
}
