import { Alert, Anchor, Button, Card, Container, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type MatrixData, SHIFTS, type Shift } from '@mm/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { dueText } from '../../../lib/due-text.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { downloadAuditPack } from '../api/download-audit-pack.ts';
import { downloadMatrixCsv } from '../api/download-matrix-csv.ts';
import { type MatrixFilters, useMatrix } from '../api/get-matrix.ts';
import { usePersonQualifications } from '../api/get-person-qualifications.ts';
import { useStationChoices } from '../api/get-station-choices.ts';
import { MissingSteps } from '../components/missing-steps.tsx';
import { KindTag, StateBadge, StateWithDue } from '../components/state-badge.tsx';
import { qualificationPaths } from '../paths.ts';

const PAGE = 25;

/** /qualifications: the matrix for super users; for everyone else their own stations. */
export function QualificationsPage() {
  const session = useSession();
  if (session?.isGuestUser) return <GuestQualifications />;
  return session?.isSuperUser ? <MatrixView /> : <MyQualifications />;
}

/** The shared guest is on no team nor station: nothing to ask the server, only what the page is for. */
function GuestQualifications() {
  const { t } = useTranslation('qualifications');
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        {t('mine.title')}
      </Title>
      <Alert color="gray" title={t('mine.guestTitle')}>
        {t('mine.guestText')}
      </Alert>
    </Container>
  );
}

function MyQualifications() {
  const { t } = useTranslation('qualifications');
  const mine = usePersonQualifications();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        {t('mine.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('mine.intro')}
      </Text>
      {mine.isPending && <PageLoader label={t('mine.loading')} />}
      {mine.isError && <Alert color="red">{mine.error.message}</Alert>}
      {mine.data && mine.data.stations.length === 0 && (
        <Alert color="gray" title={t('mine.noneTitle')}>
          {t('mine.noneText')}
        </Alert>
      )}
      {mine.data && mine.data.trains_at.length > 0 && (
        <Card withBorder padding="lg" mb="md" bg="blue.0">
          <Title order={2} size="h4">
            {t('mine.trainerTitle')}
          </Title>
          <Text size="sm" mt={4}>
            <Trans
              t={t}
              i18nKey="mine.trainerText"
              values={{ stations: mine.data.trains_at.map((s) => s.station_name).join(', ') }}
              // The stations' names are the organization's own words.
              components={{ stations: <span translate="no" /> }}
            />
          </Text>
          <Button component={Link} to={paths.toolbox} mt="sm" w="fit-content">
            {t('mine.leadTalk')}
          </Button>
        </Card>
      )}
      <Stack>
        {mine.data?.stations.map((s) => {
          const left = s.required.filter((r) => r.completed_revision === null);
          return (
            <Card key={s.station_id} withBorder padding="lg">
              <Group justify="space-between" align="flex-start">
                <Group gap="xs">
                  <Title order={2} size="h3" translate="no">
                    {s.station_name}
                  </Title>
                  <KindTag kind={s.station_kind} />
                </Group>
                <StateWithDue state={s.state} dueAt={s.due_at} />
              </Group>
              <MissingSteps missing={s.missing} size="sm" />
              {s.expires_at && (
                <Text size="sm" mt={4}>
                  {t('mine.validUntil', { date: formatDate(s.expires_at) })}
                </Text>
              )}
              <Text size="sm" mt="sm" fw={600}>
                {left.length === 0 ? t('mine.allDone') : t('mine.left', { left: left.length, total: s.required.length })}
              </Text>
              <Stack gap={2} mt={4}>
                {left.map((v) => (
                  <Anchor key={v.video_id} component={Link} to={`/video/${v.video_id}`} size="sm" translate="no">
                    {v.title}
                  </Anchor>
                ))}
              </Stack>
              {s.state === 'awaiting_signoff' && (
                <Text size="sm" mt="sm">
                  {t('mine.next')}
                </Text>
              )}
            </Card>
          );
        })}
      </Stack>
    </Container>
  );
}

function coverageText(station: MatrixData['stations'][number], t: TFunction<'qualifications'>): { text: string; short: boolean }[] {
  // Required training has no shift minimum: how many completed it on each shift.
  if (station.kind === 'training')
    return station.coverage.map((c) => ({ text: t('matrix.completedOn', { shift: t(`shifts.${c.shift}`), count: c.qualified }), short: false }));
  return station.coverage.map((c) => ({
    text: t('matrix.qualifiedOn', { shift: t(`shifts.${c.shift}`), count: c.qualified, minimum: station.min_per_shift }),
    short: c.qualified < station.min_per_shift,
  }));
}

function MatrixView() {
  const { t } = useTranslation('qualifications');
  const common = useTranslation().t;
  const [filters, setFilters] = useState<MatrixFilters>({ skip: 0, take: PAGE });
  const matrix = useMatrix(filters);
  const choices = useStationChoices();
  const download = (run: () => Promise<void>) => () => void run().catch(notifyError);
  const data = matrix.data;
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={1}>{t('matrix.title')}</Title>
          <Text c="dimmed">{t('matrix.intro')}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={qualificationPaths.newStation}>
            {t('matrix.newStation')}
          </Button>
          <Button variant="light" component={Link} to={qualificationPaths.newTraining}>
            {t('matrix.newTraining')}
          </Button>
          <Button variant="default" onClick={download(() => downloadMatrixCsv({ team_id: filters.team_id, shift: filters.shift }))}>
            {t('matrix.csv')}
          </Button>
          <Button variant="default" onClick={download(() => downloadAuditPack({ format: 'pdf' }))}>
            {t('matrix.auditPdf')}
          </Button>
          <Button variant="default" onClick={download(() => downloadAuditPack({ format: 'csv' }))}>
            {t('matrix.auditCsv')}
          </Button>
          <Button variant="subtle" component={Link} to={qualificationPaths.verify}>
            {t('matrix.verify')}
          </Button>
        </Group>
      </Group>
      <Group mb="md" align="flex-end">
        <Select
          label={t('matrix.team')}
          placeholder={t('matrix.allTeams')}
          clearable
          data={(choices.data?.teams ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
          value={filters.team_id === undefined ? null : String(filters.team_id)}
          onChange={(v) => setFilters({ ...filters, team_id: v ? Number(v) : undefined, skip: 0 })}
        />
        <Select
          label={t('matrix.shift')}
          placeholder={t('matrix.allShifts')}
          clearable
          data={SHIFTS.map((s) => ({ value: s, label: t(`shifts.${s}`) }))}
          value={filters.shift ?? null}
          onChange={(v) => setFilters({ ...filters, shift: (v as Shift | null) ?? undefined, skip: 0 })}
        />
      </Group>
      {matrix.isPending && <PageLoader label={t('matrix.loading')} />}
      {matrix.isError && <Alert color="red">{matrix.error.message}</Alert>}
      {data && data.stations.length === 0 && (
        <Alert color="blue" title={t('matrix.firstTitle')}>
          <Trans
            t={t}
            i18nKey="matrix.firstText"
            components={{
              training: <Anchor component={Link} to={qualificationPaths.newTraining} inherit />,
              create: <Anchor component={Link} to={qualificationPaths.newStation} inherit />,
            }}
          />
        </Alert>
      )}
      {data && data.stations.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
            {data.stations.map((s) => (
              <Card key={s.id} withBorder padding="md">
                <Group gap="xs">
                  <Anchor component={Link} to={qualificationPaths.station(s.id)} fw={700} translate="no">
                    {s.name}
                  </Anchor>
                  <KindTag kind={s.kind} />
                </Group>
                {coverageText(s, t).map((line) => (
                  <Text key={line.text} size="sm" c={line.short ? 'red.9' : undefined} fw={line.short ? 600 : undefined}>
                    {line.short ? t('matrix.short', { line: line.text }) : line.text}
                  </Text>
                ))}
                {s.closest.length > 0 && (
                  <Text size="sm" mt={4}>
                    {s.kind === 'training' ? t('matrix.closestCompleting') : t('matrix.closestQualifying')}{' '}
                    <span translate="no">{s.closest.map((c) => `${c.name} (${c.completed}/${c.required})`).join(', ')}</span>
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
          {data.people.length === 0 ? (
            <Alert color="gray">{t('matrix.nobody')}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table striped highlightOnHover withTableBorder stickyHeader>
                <Table.Caption>{t('matrix.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('matrix.person')}</Table.Th>
                    {data.stations.map((s) => (
                      <Table.Th key={s.id} scope="col">
                        <span translate="no">{s.name}</span>
                        {s.kind === 'training' && (
                          <Text size="xs" fw={400} c="dimmed">
                            {t('requiredTraining')}
                          </Text>
                        )}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.people.map((p) => (
                    <Table.Tr key={p.user_id}>
                      <Table.Th scope="row">
                        <Anchor component={Link} to={qualificationPaths.person(p.user_id)} fw={600} translate="no">
                          {p.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {p.team_name || p.shift ? (
                            <>
                              <span translate="no">{p.team_name}</span>
                              {p.team_name && p.shift ? ' · ' : ''}
                              {p.shift ? t(`shifts.${p.shift}`) : ''}
                            </>
                          ) : (
                            t('matrix.noTeam')
                          )}
                        </Text>
                      </Table.Th>
                      {data.stations.map((s) => {
                        const cell = p.cells.find((c) => c.station_id === s.id);
                        if (!cell)
                          return (
                            <Table.Td key={s.id}>
                              <Text size="sm" c="dimmed">
                                <span aria-hidden="true">—</span>
                                <VisuallyHidden>{t('matrix.notAssigned')}</VisuallyHidden>
                              </Text>
                            </Table.Td>
                          );
                        const due = dueText(cell.due_at, cell.state, common);
                        return (
                          <Table.Td key={s.id}>
                            <StateBadge state={cell.state} />
                            <Text size="xs" mt={2}>
                              {due ?? (cell.expires_at ? t('matrix.until', { date: formatDate(cell.expires_at) }) : '')}
                            </Text>
                            <MissingSteps missing={cell.missing} />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.total > PAGE && (
            <Pagination
              mt="md"
              total={Math.ceil(data.total / PAGE)}
              value={Math.floor(filters.skip / PAGE) + 1}
              onChange={(page) => setFilters({ ...filters, skip: (page - 1) * PAGE })}
              getControlProps={(control) => ({ 'aria-label': t(`matrix.pageControl.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('matrix.page', { page }) })}
            />
          )}
        </>
      )}
    </Container>
  );
}
