/** Every catalog query starts with this key, so a change of progress, votes or My List refreshes them together. */
export const catalogKey = ['catalog'] as const;
