/**
 * The member's captions choice (a language, or off), remembered on this device per member, so that
 * the next video opens with the same captions. Off until the member picks a language.
 */
export const CAPTIONS_OFF = 'off';

const keyOf = (userId: number) => `mm.captions.${userId}`;

export function readCaptionPreference(userId: number, storage: Pick<Storage, 'getItem'> = localStorage): string {
  return storage.getItem(keyOf(userId)) ?? CAPTIONS_OFF;
}

export function saveCaptionPreference(userId: number, lang: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(keyOf(userId), lang);
}
