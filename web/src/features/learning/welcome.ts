const WELCOMED_KEY = 'mm.welcomed-sign-in';

/**
 * The welcome toast shows once per sign-in, not on every visit to Home. A sign-in is told apart by the
 * end of its access token (each sign-in gets a new random one), so the token itself is not copied.
 */
export function takeWelcome(accessToken: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): boolean {
  const signIn = accessToken.slice(-16);
  if (storage.getItem(WELCOMED_KEY) === signIn) return false;
  storage.setItem(WELCOMED_KEY, signIn);
  return true;
}
