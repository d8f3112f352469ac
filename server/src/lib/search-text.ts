/**
 * The words both full-text engines see. Text is normalized here, once, before it is stored or
 * searched: lower case, accents removed, anything but letters and digits turned into spaces. FTS5's
 * unicode61 tokenizer and PostgreSQL's 'simple' configuration then split it into the same words, and
 * no character of a query can reach either engine's query syntax (quotes, *, NEAR, AND/OR/NOT,
 * parentheses, ^, :, - all become spaces or plain words that are quoted).
 */

/** Normalized words of `text`, in order. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The normalized form stored in `search_text`. */
export const searchText = (...parts: string[]): string => parts.flatMap(searchWords).join(' ');

/**
 * The items whose text holds every word of `query` (each as a part of its words, case and accents ignored), in their
 * order; a query without words keeps them all. For lists searched in memory, such as a dashboard's members.
 */
export function holdingEveryWord<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const words = searchWords(query);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = searchText(textOf(item));
    return words.every((word) => text.includes(word));
  });
}

/** At most this many words of a query are used; more only narrow an AND query that is already specific. */
export const MAX_QUERY_WORDS = 8;
/** A last word shorter than this is matched whole: a one-letter prefix would match most of the index. */
const MIN_PREFIX_LENGTH = 2;
/** Words longer than this are no real word: matched as they are, never as a prefix. */
const MAX_WORD_LENGTH = 40;

export type ParsedQuery = { words: string[]; prefix: boolean };

/** The query's words (distinct, in order) and whether the last one is matched as a prefix; null when nothing searchable is left. */
export function parseQuery(q: string): ParsedQuery | null {
  const words = [...new Set(searchWords(q).map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  const last = words[words.length - 1] as string;
  return { words, prefix: last.length >= MIN_PREFIX_LENGTH && last.length < MAX_WORD_LENGTH };
}

/** FTS5 MATCH text: every word quoted (implicit AND), the last one with `*` for prefix matching. */
export function fts5Match(query: ParsedQuery): string {
  return query.words.map((w, i) => `"${w}"${query.prefix && i === query.words.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * PostgreSQL to_tsquery text: the words joined by &, the last one with :* for prefix matching; with `weight`, each word
 * matches only lexemes of that weight (a Spanish cue's stems are weight B, every other text's words D).
 */
export function tsQuery(query: ParsedQuery, weight = ''): string {
  return query.words.map((w, i) => `'${w}':${query.prefix && i === query.words.length - 1 ? '*' : ''}${weight}`.replace(/:$/, '')).join(' & ');
}

export type Segment = { text: string; hit: boolean };

/** Whether a normalized word of the text matches one of the query's words (the last one as a prefix). */
function matches(word: string, query: ParsedQuery): boolean {
  return query.words.some((w, i) => word === w || (query.prefix && i === query.words.length - 1 && word.startsWith(w)));
}

const SNIPPET_CHARS = 160;

/**
 * The text as segments with the matching words marked, cut to about 160 characters around the first
 * match (with … where cut). Done here rather than by either engine so both databases answer the same
 * snippet and the web renders text, never markup.
 */
export function highlight(text: string, query: ParsedQuery): Segment[] {
  const tokens = text.split(/([\p{L}\p{N}\p{M}]+)/u);
  const first = tokens.findIndex((t, i) => i % 2 === 1 && searchWords(t).some((w) => matches(w, query)));
  let start = 0;
  if (text.length > SNIPPET_CHARS && first > 0) {
    const before = tokens.slice(0, first).join('');
    start = Math.max(0, before.length - SNIPPET_CHARS / 4);
  }
  const segments: Segment[] = [];
  let offset = 0;
  for (const [i, token] of tokens.entries()) {
    const tokenStart = offset;
    offset += token.length;
    if (offset <= start || tokenStart >= start + SNIPPET_CHARS || token === '') continue;
    const visible = token.slice(Math.max(0, start - tokenStart), start + SNIPPET_CHARS - tokenStart);
    const hit = i % 2 === 1 && searchWords(token).some((w) => matches(w, query));
    const previous = segments[segments.length - 1];
    if (previous && previous.hit === hit) previous.text += visible;
    else segments.push({ text: visible, hit });
  }
  if (segments.length > 0) {
    if (start > 0) (segments[0] as Segment).text = `…${(segments[0] as Segment).text.trimStart()}`;
    if (start + SNIPPET_CHARS < text.length) (segments[segments.length - 1] as Segment).text = `${(segments[segments.length - 1] as Segment).text.trimEnd()}…`;
  }
  return segments;
}
