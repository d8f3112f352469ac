import { APERTIUM_MODES, ApertiumError, translateTexts } from './apertium.ts';
import { MACHINE_LABELS } from './caption-drafts.ts';
import type { Cue } from './webvtt.ts';

/** Whether Apertium can translate captions from one language to the other here (only English to Spanish is installed). */
export const canMachineTranslate = (from: string, to: string): boolean => APERTIUM_MODES[`${from}>${to}`] !== undefined;

/** A machine track's label in the player's captions menu ("Español (traducción automática)"), or undefined. */
export const machineLabelOf = (lang: string): string | undefined => MACHINE_LABELS[lang];

/**
 * Texts translated by Apertium, in order (a studio lesson's script steps, its captions' cues). Throws ApertiumError
 * when the pair is not installed: never a stand-in translation.
 */
export function machineTranslate(from: string, to: string, texts: string[]): Promise<string[]> {
  const mode = APERTIUM_MODES[`${from}>${to}`];
  if (!mode) return Promise.reject(new ApertiumError(`Apertium cannot translate ${from} to ${to} here: only English to Spanish is installed.`));
  return translateTexts(mode, texts);
}

/** Cues drafted in another language by Apertium, at the same times. */
export async function machineTranslateCues(from: string, to: string, cues: Cue[]): Promise<Cue[]> {
  const texts = await machineTranslate(
    from,
    to,
    cues.map((c) => c.text),
  );
  return cues.map((cue, i) => ({ ...cue, text: texts[i] as string }));
}
