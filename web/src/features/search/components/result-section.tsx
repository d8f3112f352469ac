import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { SEARCH_TAKE_DEFAULT, SEARCH_TOTAL_CAP, type SearchData, type SearchKind } from '@mm/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoreResults } from '../api/search-catalog.ts';

type Items<K extends SearchKind> = SearchData[K]['items'];

type ResultSectionProps<K extends SearchKind> = {
  q: string;
  kind: K;
  title: string;
  first: SearchData[K];
  renderItems: (items: Items<K>) => ReactNode;
};

/** One kind of result under its heading, with "Show more" fetching the next pages of that kind only. */
export function ResultSection<K extends SearchKind>({ q, kind, title, first, renderItems }: ResultSectionProps<K>) {
  const { t, i18n } = useTranslation('search');
  const more = useMoreResults(q, kind, first.items.length);
  // Each page's section of this kind, one after the other (the union of sections does not narrow by K).
  const extra = (more.data?.pages ?? []).flatMap((page) => page[kind].items as unknown[]);
  const items = [...first.items, ...extra] as Items<K>;
  const canShowMore = more.data ? more.hasNextPage : first.items.length < first.total && first.items.length >= SEARCH_TAKE_DEFAULT;
  const headingId = `search-${kind}`;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {first.total >= SEARCH_TOTAL_CAP ? t('countCapped', { count: SEARCH_TOTAL_CAP }) : new Intl.NumberFormat(i18n.language).format(first.total)}
        </Text>
      </Group>
      {renderItems(items)}
      {more.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('moreFailed', { message: more.error.message })}
        </Alert>
      )}
      {canShowMore && (
        <Group>
          <Button variant="light" onClick={() => void more.fetchNextPage()} loading={more.isFetching} aria-describedby={headingId}>
            {t('showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
