/** Every notices query starts with this key: marking read refreshes them together. */
export const noticesKey = ['notices'] as const;
