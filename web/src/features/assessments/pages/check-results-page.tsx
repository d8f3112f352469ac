import { Alert, Anchor, Badge, Button, Card, Container, Group, Pagination, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CHECK_RESULTS_PAGE, type CheckResultsData } from '@mm/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { authorCategoryCheckPath, authorCheckPath } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { notifyError } from '../../../lib/notify.ts';
import type { CheckSubject } from '../api/assessment-keys.ts';
import { downloadCheckResults } from '../api/download-check-results.ts';
import { useCheckResults } from '../api/get-check-results.ts';

/** /assessments/videos/:id/results: how a video's knowledge check went for the organization's people (super users). */
export const CheckResultsPage = () => <ResultsPage kind="video" />;
/** /assessments/categories/:id/results: the same for the check at the end of a category. */
export const CategoryCheckResultsPage = () => <ResultsPage kind="category" />;

function ResultsPage({ kind }: { kind: CheckSubject['kind'] }) {
  const { t } = useTranslation('assessments');
  const id = Number(useParams().id);
  const subject = { kind, id };
  const authorPath = kind === 'video' ? authorCheckPath(id) : authorCategoryCheckPath(id);
  const [skip, setSkip] = useState(0);
  const results = useCheckResults(subject, skip);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadCheckResults(subject)
      .catch(notifyError)
      .finally(() => setDownloading(false));
  };
  const data = results.data;

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={1}>{t('results.title')}</Title>
          {data && <Text c="dimmed">{data.video_title}</Text>}
        </div>
        <Group gap="sm">
          <Button component={Link} to={authorPath} variant="default">
            {t('results.questionsAndCheck')}
          </Button>
          {data && data.total > 0 && (
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={downloading}>
              {t('results.downloadCsv')}
            </Button>
          )}
        </Group>
      </Group>
      {results.isPending && <PageLoader label={t('results.loading')} />}
      {results.isError && (
        <Alert color="red" variant="light">
          {results.error.message}
        </Alert>
      )}
      {data && !data.check && (
        <Alert color="blue" variant="light" title={kind === 'video' ? t('results.noCheckTitle') : t('results.noCategoryCheckTitle')}>
          {kind === 'video' ? t('results.noCheck') : t('results.noCategoryCheck')}{' '}
          <Anchor component={Link} to={authorPath}>
            {kind === 'video' ? t('results.writeQuestions') : t('results.setCategoryCheck')}
          </Anchor>
        </Alert>
      )}
      {data?.check && data.total === 0 && (
        <Alert color="blue" variant="light" title={t('results.nobodyTitle')}>
          {t('results.nobody')}
        </Alert>
      )}
      {data?.check && data.total > 0 && (
        <Stack gap="xl">
          <Summary data={data} />
          <Questions questions={data.questions} />
          <Members data={data} onPage={setSkip} />
        </Stack>
      )}
    </Container>
  );
}

function Summary({ data }: { data: CheckResultsData }) {
  const { t } = useTranslation('assessments');
  const { members_attempted: took, members_passed: passed, attempts } = data.summary;
  const figures = [
    { label: t('results.took'), value: String(took) },
    { label: t('results.passed'), value: `${passed} (${Math.floor((100 * passed) / took)}%)` },
    { label: t('results.attempts'), value: String(attempts) },
    { label: t('results.passMark'), value: `${data.check?.pass_percent ?? 0}%` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="section" aria-label={t('results.summary')}>
      {figures.map((f) => (
        <Card key={f.label} withBorder padding="md">
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fz={24} fw={700}>
            {f.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Questions({ questions }: { questions: CheckResultsData['questions'] }) {
  const { t } = useTranslation('assessments');
  return (
    <Stack component="section" aria-labelledby="hardest-questions" gap="sm">
      <Title order={2} size="h3" id="hardest-questions">
        {t('results.hardest')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('results.hardestHint')}
      </Text>
      {questions.map((q) => (
        <Card key={q.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text fw={500}>{q.prompt}</Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t('results.rightPercent', { percent: q.right_percent })}
            </Text>
          </Group>
          <Progress
            value={q.right_percent}
            mt="xs"
            color={q.right_percent < 50 ? 'red' : q.right_percent < 80 ? 'yellow' : 'green'}
            aria-label={`${q.prompt}: ${t('results.rightPercent', { percent: q.right_percent })}`}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('results.rightOf', { right: q.right, count: q.asked })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function Members({ data, onPage }: { data: CheckResultsData; onPage: (skip: number) => void }) {
  const { t } = useTranslation('assessments');
  return (
    <Stack component="section" aria-labelledby="member-results" gap="sm">
      <Title order={2} size="h3" id="member-results">
        {t('results.people', { count: data.total })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('results.peopleHint')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('results.person')}</Table.Th>
              <Table.Th>{t('results.team')}</Table.Th>
              <Table.Th>{t('results.attemptsColumn')}</Table.Th>
              <Table.Th>{t('results.best')}</Table.Th>
              <Table.Th>{t('results.result')}</Table.Th>
              <Table.Th>{t('results.last')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.members.map((m) => (
              <Table.Tr key={m.user_id}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.team ?? '—'}</Table.Td>
                <Table.Td>{t('results.attemptsOf', { used: m.attempts, allowed: data.check?.attempts_allowed ?? m.attempts })}</Table.Td>
                <Table.Td>{m.best_percent}%</Table.Td>
                <Table.Td>
                  {/* Dark words on white, the dot's colour adding to them (as the qualification badges). */}
                  <Badge color={m.passed ? 'green.7' : 'red.7'} variant="dot" c="dark.8" style={{ textTransform: 'none' }}>
                    {m.passed ? t('results.passed') : t('results.notPassed')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(m.last_submitted_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.total > CHECK_RESULTS_PAGE && (
        <Pagination
          total={Math.ceil(data.total / CHECK_RESULTS_PAGE)}
          value={Math.floor(data.skip / CHECK_RESULTS_PAGE) + 1}
          onChange={(page) => onPage((page - 1) * CHECK_RESULTS_PAGE)}
          getControlProps={(control) => ({ 'aria-label': t(`results.pageControl.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('results.page', { page }) })}
        />
      )}
    </Stack>
  );
}
