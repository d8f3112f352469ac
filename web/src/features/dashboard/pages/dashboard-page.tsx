import { Alert, Container, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { usePathCategories } from '../../../lib/organization/get-path-categories.ts';
import { useTeams } from '../../../lib/organization/get-teams.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useTypedSearch } from '../../../lib/typed-search.ts';
import { useCompliance } from '../api/get-compliance.ts';
import { useOptionalTraining } from '../api/get-optional-training.ts';
import { everyMemberProgress, type TrackerFilter, useOverallProgress } from '../api/get-overall-progress.ts';
import { usePathOwnLessons } from '../api/get-path-own-lessons.ts';
import { useUsersAlerts } from '../api/get-users-alerts.ts';
import { useSendAlert } from '../api/send-alert.ts';
import { useSendBroadcast } from '../api/send-broadcast.ts';
import { AlertsPanel, CompliancePanel, OptionalTrainingPanel, TrackerPanel } from '../components/panels.tsx';
import { CSV_FILE_NAME, isContentKind, ownLessonFilterValue, teamCsv, trackerFilterOf } from '../lib/dashboard-rules.ts';

const ORGANIZATION = 'organization';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /dashboard: the team dashboard of super users (administration spec, section 2). Desktop only. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const narrow = useMediaQuery('(max-width: 1023px)');
  if (narrow) {
    return (
      <Container py="xl">
        <Title order={1} mb="md">
          {t('title')}
        </Title>
        <Alert color="blue">{t('desktopOnly')}</Alert>
      </Container>
    );
  }
  return <Dashboard />;
}

/**
 * Beyond the spec's filter options, and the one shown first (issue 33): every category of each member's path, so a
 * member's bar is the progress their home shows them; the spec's required, optional and per-category views follow,
 * then each published own lesson of the path (issue 37).
 */
const ALL_CONTENT = 'all';

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { organizationId, organizationName } = useManagedOrganization();
  const session = useSignedInSession();
  const [teamValue, setTeamValue] = useState(ORGANIZATION);
  const [filterValue, setFilterValue] = useState<string>(ALL_CONTENT);
  const team = teamValue === ORGANIZATION ? null : Number(teamValue);
  const filter: TrackerFilter = trackerFilterOf(filterValue);

  const teams = useTeams(organizationId);
  const path = usePathCategories(organizationId, team);
  const ownLessons = usePathOwnLessons(organizationId, team);
  const [search, setSearch, searched] = useTypedSearch();
  const progress = useOverallProgress(organizationId, team, filter, searched);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      download(CSV_FILE_NAME, teamCsv(await everyMemberProgress(organizationId, team, filter)));
    } catch (e) {
      adminNotify.error(e as Error);
    } finally {
      setExporting(false);
    }
  };
  const firstPage = progress.data?.pages[0];
  const alerts = useUsersAlerts(organizationId, team);
  const compliance = useCompliance(organizationId, team);
  const optional = useOptionalTraining(organizationId, team);
  const sendAlert = useSendAlert();
  const broadcast = useSendBroadcast();

  const teamOptions = [
    { value: ORGANIZATION, label: organizationName || t('organization') },
    ...(teams.data ?? []).map((team) => ({ value: String(team.id), label: team.name })),
  ];
  const filterOptions = [
    { value: ALL_CONTENT, label: t('filter.all') },
    { value: 'optional', label: t('filter.optional') },
    { value: 'required', label: t('filter.required') },
    ...(path.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ...(ownLessons.data ?? []).map((l) => ({ value: ownLessonFilterValue(l.lesson_id), label: t('filter.ownLesson', { title: l.title }) })),
  ];

  const error = [progress, alerts, compliance, optional].find((q) => q.isError)?.error;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('title')}</Title>
          <Select
            label={t('team')}
            data={teamOptions}
            value={teamValue}
            onChange={(v) => {
              if (!v) return;
              setTeamValue(v);
              setFilterValue((f) => (isContentKind(f) ? f : ALL_CONTENT));
            }}
            allowDeselect={false}
            w={260}
          />
        </Group>
        {error && <Alert color="red">{error.message}</Alert>}
        <SimpleGrid cols={2} spacing="lg">
          <TrackerPanel
            loading={progress.isPending}
            teamProgress={firstPage?.teamProgress ?? 0}
            users={progress.data?.pages.flatMap((page) => page.teamUsersProgress) ?? []}
            total={progress.data?.pages.at(-1)?.teamUsersTotal ?? 0}
            search={search}
            searched={searched}
            onSearch={setSearch}
            onMore={() => void progress.fetchNextPage()}
            loadingMore={progress.isFetchingNextPage}
            filter={filterValue}
            filterOptions={filterOptions}
            onFilter={setFilterValue}
            onExport={() => void exportCsv()}
            exporting={exporting}
          />
          <AlertsPanel
            loading={alerts.isPending}
            alerts={alerts.data ?? []}
            broadcasting={broadcast.isPending}
            onAlert={(category, user) => {
              if (!window.confirm(t('confirmAlert', { name: user.user_name, category: category.category_name }))) return;
              sendAlert.mutate(
                {
                  userId: user.user_id,
                  supervisorName: session.name,
                  categoryId: category.category_id,
                  categoryName: category.category_name,
                  percentage: user.percentage_videos_watched,
                },
                { onSuccess: () => adminNotify.success(t('alertSent')), onError: () => adminNotify.errorMessage(t('alertFailed')) },
              );
            }}
            onBroadcast={() => {
              if (!window.confirm(t('confirmBroadcast'))) return;
              broadcast.mutate(
                { organizationId, team },
                { onSuccess: () => adminNotify.success(t('broadcastSent')), onError: (e) => adminNotify.errorMessage(e.message) },
              );
            }}
          />
          <CompliancePanel loading={compliance.isPending} items={compliance.data ?? []} />
          <OptionalTrainingPanel loading={optional.isPending} items={optional.data ?? []} />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
