import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Typing pauses this long before a list searched on the server is asked again: a search per word, not per key. */
const SEARCH_DELAY_MS = 300;

/** A search box's text, its setter, and the trimmed text the list is searched by once typing pauses. */
export function useTypedSearch(): [search: string, setSearch: (search: string) => void, searched: string] {
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  return [search, setSearch, searched];
}
