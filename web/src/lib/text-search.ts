/** Text folded for search: lower case, accents dropped ("Gómez" is found by "gomez"). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The items whose text holds every word of the search, in their order; an empty search keeps them all. */
export function matchingSearch<T>(items: readonly T[], search: string, textOf: (item: T) => string): readonly T[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = folded(textOf(item));
    return words.every((w) => text.includes(w));
  });
}
