import { z } from 'zod';

/**
 * Pictures only some callers may see (issue 38): a knowledge check's question pictures and a practical check's step
 * photos. They are kept at `/uploads/<folder>/<name>.webp` (the address rows and the evidence chain name them by), which
 * nothing serves; the server hands out a short-lived signed address, `/media/<expires>/<signature>/uploads/<folder>/<name>.webp`,
 * inside the answers of those allowed to see them.
 */
export const PRIVATE_UPLOAD_FOLDERS = ['questions', 'practical'] as const;
export type PrivateUploadFolder = (typeof PRIVATE_UPLOAD_FOLDERS)[number];

/**
 * A private picture named in a request, either as the server signed it or as it is kept; it is kept as the stored
 * address (the signature is only a way to read it: an edit sent after it expired names the same picture).
 */
export function privateUpload(folder: PrivateUploadFolder, name: string, message: string) {
  const pattern = new RegExp(`^(?:/media/[0-9a-z.-]{1,60}/[A-Za-z0-9_-]{1,100})?(/uploads/${folder}/${name}\\.webp)$`);
  return z
    .string()
    .regex(pattern, message)
    .transform((address) => pattern.exec(address)?.[1] ?? address);
}
