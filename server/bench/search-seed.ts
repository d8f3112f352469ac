import type { Db } from '../src/db/client.ts';
import { replaceVideoCaptions } from '../src/modules/captions/captions.queries.ts';
import type { Cue } from '../src/modules/captions/webvtt.ts';
import { rebuildSearchDocuments } from '../src/modules/search/search-index.queries.ts';

/**
 * Captions for the search bench: every video gets an English track of `minutes` minutes of speech
 * (150 words a minute in 4-second cues of 10 words), drawn from a shop-floor vocabulary of 80 words
 * and 4,000 made-up rarer ones with a Zipf-like spread, so common words match a large share of the cues
 * and rare ones a handful, like real transcripts.
 */

const SHOP_WORDS =
  'the a to and of is it you we this that on for with check clamp torque press line machine safety guard lockout tag valve pressure hydraulic pump motor spindle bearing belt chain sensor gauge operator shift quality defect scrap rework changeover setup tool die mould weld bolt nut thread fixture conveyor pallet forklift ppe glove helmet ear plug lean kaizen gemba waste flow pull takt oee downtime maintenance lubricate inspect calibrate measure record report team supervisor standard work audit'.split(
    ' ',
  );
const SYLLABLES = ['ka', 'ro', 'mi', 'ten', 'sul', 'bar', 'qui', 'lo', 'ver', 'dan', 'pe', 'zor', 'fi', 'gal', 'nu', 'tre'];
const RARE_WORDS = Array.from({ length: 4000 }, (_, i) => {
  let n = i + 17;
  let word = '';
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0 || word.length < 5);
  return word;
});
const VOCABULARY = [...SHOP_WORDS, ...RARE_WORDS];

const WORDS_PER_CUE = 10;
const CUE_MS = 4000;

/** A word index with a Zipf-like distribution: low indexes (shop words) far more often. */
function zipfWord(rnd: () => number): string {
  return VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(VOCABULARY.length ** rnd()) - 1)] as string;
}

export async function seedCaptions(db: Db, videoIds: number[], minutes: number, rnd: () => number): Promise<{ cues: number; words: number }> {
  const cuesPerVideo = Math.round((minutes * 60 * 1000) / CUE_MS);
  let cues = 0;
  const t = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const videoId of videoIds) {
      const track: Cue[] = Array.from({ length: cuesPerVideo }, (_, i) => ({
        startMs: i * CUE_MS,
        endMs: (i + 1) * CUE_MS - 200,
        text: Array.from({ length: WORDS_PER_CUE }, () => zipfWord(rnd)).join(' '),
      }));
      await replaceVideoCaptions(trx, videoId, [{ lang: 'en', label: 'English', contentHash: 'b'.repeat(64), cues: track }], t);
      cues += track.length;
    }
    await rebuildSearchDocuments(trx);
  });
  return { cues, words: cues * WORDS_PER_CUE };
}

/** What members type: a common word, two words, a word being typed (prefix), a rare word, a word that is nowhere. */
export const SEARCH_QUERIES = ['torque', 'clamp torque', 'hydraulic pre', RARE_WORDS[1234] as string, 'lubricate spindle bearing', 'xylophone'];
