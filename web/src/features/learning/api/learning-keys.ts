/** The home's learning answers (path, activity, people) share this key prefix. */
export const learningKey = ['learning'] as const;
