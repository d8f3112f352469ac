import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Machine translation through Apertium, run as a local process (Debian packages `apertium` and `apertium-eng-spa`).
 * Never a stand-in: when the program or the language pair is missing the call fails and says what to install.
 */
export class ApertiumError extends Error {}

/** The Apertium mode for a pair of caption languages; only English to Spanish is installed. */
export const APERTIUM_MODES: Record<string, string> = { 'en>es': 'eng-spa' };

/** What is drafted (captions, titles): Spanish from English, the one pair installed. */
export const DRAFT_SOURCE = 'en';
export const DRAFT_TARGET = 'es';

/** What drafting a lesson's captions or title did. */
export type DraftOutcome = 'drafted' | 'up to date' | 'authored' | 'no source';

const TIMEOUT_MS = 120_000;

/**
 * The text goes in a file of its own: the `apertium` script reads /dev/stdin, which Node's piped standard input (a
 * socket) cannot be opened as.
 */
async function runApertium(mode: string, input: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mm-apertium-'));
  try {
    const file = path.join(dir, 'input.txt');
    await fs.writeFile(file, input);
    return await runApertiumOn(mode, file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function runApertiumOn(mode: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // -u: no `*` marks on unknown words (they are kept as written); -f txt: plain text, blank lines kept.
    const child = spawn('apertium', ['-u', '-f', 'txt', mode, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new ApertiumError(
          error.code === 'ENOENT'
            ? 'Apertium is not installed: install the Debian packages apertium and apertium-eng-spa (README, "Machine translation").'
            : `Apertium could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code !== 0)
        reject(
          new ApertiumError(
            `Apertium ${mode} failed (${signal ?? `exit ${code}`})${stderr ? `: ${stderr.slice(0, 300)}` : ''}; is the package apertium-eng-spa installed?`,
          ),
        );
      else resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

/** One line of text per segment: a segment's own line breaks become spaces (a blank line separates segments). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const segmentsOf = (output: string) =>
  output
    .split(/\n[ \t]*\n/)
    .map(oneLine)
    .filter((s, i, all) => s !== '' || i < all.length - 1);

/**
 * Translates each text (a caption cue) with the mode, in order. All of them go through one process, separated by
 * blank lines; if the answer's segments do not line up with the texts, each text is translated by a call of its own.
 */
export async function translateTexts(mode: string, texts: string[]): Promise<string[]> {
  if (texts.length === 0) return [];
  const inputs = texts.map(oneLine);
  const together = segmentsOf(await runApertium(mode, `${inputs.join('\n\n')}\n`));
  if (together.length === inputs.length && together.every((s, i) => (s === '') === (inputs[i] === ''))) return together;
  const one: string[] = [];
  for (const input of inputs) one.push(input === '' ? '' : oneLine(await runApertium(mode, `${input}\n`)));
  // An empty answer to a text is a broken installation, never a translation.
  if (one.some((text, i) => text === '' && inputs[i] !== '')) throw new ApertiumError(`Apertium ${mode} answered nothing for a text; check its installation.`);
  return one;
}
