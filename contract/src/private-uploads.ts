import { z } from 'zod';

/**
 * Pictures only some callers may see (issue 38): a knowledge check's question pictures and a practical check's step
 * photos. They are kept at `/uploads/<folder>/<name>.webp` (the address rows and the evidence chain name them by), which
 * nothing serves; the server hands out a short-lived signed address, `/media/<expires>/<signature>/uploads/<folder>/<name>.webp`,
 * inside the answers of those allowed to see them.
 */
export const PRIVATE_UPLOAD_FOLDERS = ['questions', 'practical', 'studio-photos'] as const;
export type PrivateUploadFolder = (typeof PRIVATE_UPLOAD_FOLDERS)[number];

/**
 * Each private folder's files below it: question pictures and practical photos are `<name>.webp`; a studio script's
 * step photos (issue 37: the plant's own, private to it like its lessons) `<organization id>/<32 hex>.jpg`.
 */
export const PRIVATE_UPLOAD_FILES: Record<PrivateUploadFolder, RegExp> = {
  questions: /^[A-Za-z0-9_-]{1,100}\.webp$/,
  practical: /^[A-Za-z0-9_-]{1,100}\.webp$/,
  'studio-photos': /^\d{1,12}\/[0-9a-f]{32}\.jpg$/,
};

/**
 * A private picture named in a request, either as the server signed it or as it is kept; it is kept as the stored
 * address (the signature is only a way to read it: an edit sent after it expired names the same picture). `name`: the
 * pattern of the file below the folder, extension included.
 */
export function privateUpload(folder: PrivateUploadFolder, name: string, message: string) {
  const pattern = new RegExp(`^(?:/media/[0-9a-z.-]{1,60}/[A-Za-z0-9_-]{1,100})?(/uploads/${folder}/${name})$`);
  return z
    .string()
    .regex(pattern, message)
    .transform((address) => pattern.exec(address)?.[1] ?? address);
}
