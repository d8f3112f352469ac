/**
 * The member's captions choice (a language, or off), remembered on this device per member, so that
 * the next video opens with the same captions. Until the member picks, a video opens with the captions of the
 * app's language when it has them and that language is not English (the lessons are spoken in English), else off.
 */
export const CAPTIONS_OFF = 'off';

const keyOf = (userId: number) => `mm.captions.${userId}`;

export function saveCaptionPreference(userId: number, lang: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(keyOf(userId), lang);
}

/** The captions a video opens with: the member's remembered choice, else the app language's track (not English), else off. */
export function openingCaptionLang(userId: number, tracks: { lang: string }[], locale: string, storage: Pick<Storage, 'getItem'> = localStorage): string {
  const remembered = storage.getItem(keyOf(userId));
  if (remembered !== null) return remembered;
  return locale !== 'en' && tracks.some((track) => track.lang === locale) ? locale : CAPTIONS_OFF;
}
