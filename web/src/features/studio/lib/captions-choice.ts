import { STUDIO_VERSION_LANGS, type StudioVersionLang } from '@mm/contract';

/** The captions the editor shows: a track of the lesson's own video (its first when `lang` is absent), or a narrated version's. */
export type CaptionsChoice = { lang?: string; version?: StudioVersionLang };

/** A narrated version's value in the editor's language picker, beside the tracks' languages (`es`, `fr`). */
const VERSION = 'version:';

export const choiceValue = (choice: CaptionsChoice): string | undefined => (choice.version ? `${VERSION}${choice.version}` : choice.lang);

/** The choice a picker value names: a narrated version's captions, else the lesson's own track of that language. */
export function choiceOf(value: string): CaptionsChoice {
  const version = value.startsWith(VERSION) ? value.slice(VERSION.length) : null;
  return version !== null && (STUDIO_VERSION_LANGS as readonly string[]).includes(version) ? { version: version as StudioVersionLang } : { lang: value };
}
