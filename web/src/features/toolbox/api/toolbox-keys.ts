/** The toolbox answers share this key prefix: recording a talk reads them all again. */
export const toolboxKey = ['toolbox'] as const;
