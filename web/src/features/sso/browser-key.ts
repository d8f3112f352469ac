/**
 * The secret the server gave this tab when it started a company-account sign-in: kept in sessionStorage until the
 * identity provider sends the browser back, so the answer is accepted from the browser that asked for it only.
 */
const KEY = 'mm.sso.browserKey';

export function keepBrowserKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

/** The kept key, removed: it serves one return. */
export function takeBrowserKey(): string | null {
  const key = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return key;
}
