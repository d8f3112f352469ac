import { Alert, Button, Container, EmptyState, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSearch } from '../api/search-catalog.ts';
import { CategoryResults, CueResults, ExpertResults, OwnLessonResults, SubCategoryResults, VideoResults } from '../components/result-lists.tsx';
import { ResultSection } from '../components/result-section.tsx';
import '../search.css';
import { countOf, SEARCH_QUERY_MAX, type SearchData } from '@mm/contract';

/** /search?q= : videos, moments in transcripts, categories, sub-categories and experts matching the words. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  useDocumentTitle(q ? `“${q}” – Search` : 'Search');

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{q ? `Results for “${q}”` : 'Search'}</Title>
        <SearchForm key={q} initial={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
        {q ? <SearchResults q={q} /> : <Text c="dimmed">Search videos, what the experts say in them, categories and experts.</Text>}
      </Stack>
    </Container>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search>
      <form onSubmit={submit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Search the library"
            placeholder="e.g. re-torque the clamp"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            maxLength={SEARCH_QUERY_MAX}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            style={{ flex: 1 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
    </search>
  );
}

function SearchResults({ q }: { q: string }) {
  const search = useSearch(q);
  const { t } = useTranslation('studio');

  if (search.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title="The search could not be done">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{search.error.message}</Text>
          <Button variant="light" color="red" onClick={() => void search.refetch()} loading={search.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!search.data) return <ResultsSkeleton />;
  const data = search.data;
  const stale = data.q !== q;
  if (!stale && isEmpty(data)) {
    return (
      <EmptyState
        py="xl"
        icon={<IconZoomQuestion size={32} />}
        withIndicatorBackground
        title={`Nothing found for “${q}”`}
        description="Check the spelling, use fewer words, or try the start of a word (“torq” finds “torque”)."
      />
    );
  }
  return (
    <Stack gap="xl" aria-busy={stale} style={stale ? { opacity: 0.6 } : undefined}>
      <Text size="sm" c="dimmed" role="status">
        {stale ? 'Searching…' : `${describeCount(data)} for “${data.q}”`}
      </Text>
      {data.own_lessons.total > 0 && (
        <ResultSection
          q={data.q}
          kind="own_lessons"
          title={t('search.heading')}
          first={data.own_lessons}
          renderItems={(items) => <OwnLessonResults items={items} />}
        />
      )}
      {data.videos.total > 0 && (
        <ResultSection q={data.q} kind="videos" title="Videos" first={data.videos} renderItems={(items) => <VideoResults items={items} />} />
      )}
      {data.cues.total > 0 && (
        <ResultSection q={data.q} kind="cues" title="Moments in videos" first={data.cues} renderItems={(items) => <CueResults items={items} />} />
      )}
      {data.categories.total > 0 && (
        <ResultSection q={data.q} kind="categories" title="Categories" first={data.categories} renderItems={(items) => <CategoryResults items={items} />} />
      )}
      {data.sub_categories.total > 0 && (
        <ResultSection
          q={data.q}
          kind="sub_categories"
          title="Sub-categories"
          first={data.sub_categories}
          renderItems={(items) => <SubCategoryResults items={items} />}
        />
      )}
      {data.experts.total > 0 && (
        <ResultSection q={data.q} kind="experts" title="Experts" first={data.experts} renderItems={(items) => <ExpertResults items={items} />} />
      )}
    </Stack>
  );
}

const SECTIONS = ['own_lessons', 'videos', 'cues', 'categories', 'sub_categories', 'experts'] as const;

const isEmpty = (data: SearchData) => SECTIONS.every((kind) => data[kind].total === 0);

function describeCount(data: SearchData): string {
  const total = SECTIONS.reduce((n, kind) => n + data[kind].total, 0);
  return countOf(total, 'result');
}

function ResultsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Searching">
      <Skeleton h={24} w={160} />
      <Group gap="md" grow>
        <Skeleton h={180} />
        <Skeleton h={180} />
        <Skeleton h={180} />
      </Group>
      <Skeleton h={24} w={200} />
      <Skeleton h={56} />
      <Skeleton h={56} />
    </Stack>
  );
}
