import { z } from 'zod';

/** A list field: form bodies carry it as JSON text ('' is an empty list), JSON bodies as an array. */
export const jsonList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(item, { error: 'must be a list' }),
  );
