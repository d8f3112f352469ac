/** The studio's answers share this key prefix: creating, uploading or publishing reads them again. */
export const studioKey = ['studio'] as const;
