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
import { SEARCH_QUERY_MAX, type SearchData } from '@mm/contract';

/** /search?q= : videos, moments in transcripts, categories, sub-categories and experts matching the words. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('search');
  const q = (params.get('q') ?? '').trim();
  useDocumentTitle(q ? t('docTitle', { q }) : t('title'));

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{q ? t('resultsFor', { q }) : t('title')}</Title>
        <SearchForm key={q} initial={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
        {q ? <SearchResults q={q} /> : <Text c="dimmed">{t('intro')}</Text>}
      </Stack>
    </Container>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('search');
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
            label={t('label')}
            placeholder={t('placeholder')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            maxLength={SEARCH_QUERY_MAX}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('submit')}</Button>
        </Group>
      </form>
    </search>
  );
}

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('search');
  const { t: tStudio } = useTranslation('studio');
  const search = useSearch(q);

  if (search.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{search.error.message}</Text>
          <Button variant="light" color="red" onClick={() => void search.refetch()} loading={search.isFetching}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!search.data) return <ResultsSkeleton />;
  const data = search.data;
  const stale = data.q !== q;
  if (!stale && isEmpty(data)) {
    return <EmptyState py="xl" icon={<IconZoomQuestion size={32} />} withIndicatorBackground title={t('nothing', { q })} description={t('nothingHelp')} />;
  }
  return (
    <Stack gap="xl" aria-busy={stale} style={stale ? { opacity: 0.6 } : undefined}>
      <Text size="sm" c="dimmed" role="status">
        {stale ? t('searching') : t('count', { count: totalOf(data), q: data.q })}
      </Text>
      {data.own_lessons.total > 0 && (
        <ResultSection
          q={data.q}
          kind="own_lessons"
          title={tStudio('search.heading')}
          first={data.own_lessons}
          renderItems={(items) => <OwnLessonResults items={items} />}
        />
      )}
      {data.videos.total > 0 && (
        <ResultSection q={data.q} kind="videos" title={t('sections.videos')} first={data.videos} renderItems={(items) => <VideoResults items={items} />} />
      )}
      {data.cues.total > 0 && (
        <ResultSection q={data.q} kind="cues" title={t('sections.cues')} first={data.cues} renderItems={(items) => <CueResults items={items} />} />
      )}
      {data.categories.total > 0 && (
        <ResultSection
          q={data.q}
          kind="categories"
          title={t('sections.categories')}
          first={data.categories}
          renderItems={(items) => <CategoryResults items={items} />}
        />
      )}
      {data.sub_categories.total > 0 && (
        <ResultSection
          q={data.q}
          kind="sub_categories"
          title={t('sections.sub_categories')}
          first={data.sub_categories}
          renderItems={(items) => <SubCategoryResults items={items} />}
        />
      )}
      {data.experts.total > 0 && (
        <ResultSection q={data.q} kind="experts" title={t('sections.experts')} first={data.experts} renderItems={(items) => <ExpertResults items={items} />} />
      )}
    </Stack>
  );
}

const SECTIONS = ['own_lessons', 'videos', 'cues', 'categories', 'sub_categories', 'experts'] as const;

const isEmpty = (data: SearchData) => SECTIONS.every((kind) => data[kind].total === 0);

const totalOf = (data: SearchData) => SECTIONS.reduce((n, kind) => n + data[kind].total, 0);

function ResultsSkeleton() {
  const { t } = useTranslation('search');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('searchingLabel')}>
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
