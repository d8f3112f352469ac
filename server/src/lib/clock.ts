export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const now = (): number => Date.now();
export const toIso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
