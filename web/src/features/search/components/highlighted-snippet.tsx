import { Text } from '@mantine/core';
import type { Snippet } from '@mm/contract';

/** A result's text with the matched words marked; the server sends segments, so nothing is parsed as markup. */
export function HighlightedSnippet({ snippet, lineClamp }: { snippet: Snippet; lineClamp?: number }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={lineClamp} translate="no">
      {snippet.map((segment, i) =>
        segment.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed text in a fixed order
          <mark key={i} className="search-hit">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
