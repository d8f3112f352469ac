import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ALERTS_COUNT_CAP, type CategoryAlerts, type ComplianceItem, type OptionalTrainingItem, type TeamUserProgress } from '@mm/contract';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowMore } from '../../../components/show-more.tsx';
import { formatDate } from '../../../lib/date.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { TRACKER_PAGE } from '../api/get-overall-progress.ts';
import { ageColor, daysSince, PROGRESS_TICKS, performanceColor } from '../lib/dashboard-rules.ts';

/** 5 skeleton placeholders while a panel loads (section 9). */
export function PanelSkeleton() {
  return (
    <Stack gap="xs" data-testid="panel-skeleton">
      {[1, 2, 3, 4, 5].map((n) => (
        <Skeleton key={n} h={22} />
      ))}
    </Stack>
  );
}

export function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

function Ticks() {
  return (
    <Group justify="space-between" gap={0} mt={2}>
      {PROGRESS_TICKS.map((t) => (
        <Text key={t} size="xs" c="dimmed">
          {t}
        </Text>
      ))}
    </Group>
  );
}

function TrackerUser({ user }: { user: TeamUserProgress }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box data-testid="tracker-user">
      <Group justify="space-between" mb={4}>
        <Group gap="xs">
          {/* Initials are the person's, not words to translate. */}
          <Avatar src={user.picture} size="sm" translate="no">
            {initialsOf(user.name)}
          </Avatar>
          <Text size="sm" translate="no">
            {user.name}
          </Text>
        </Group>
        {/* The bar below carries the colour; the figure stays dark enough to read. */}
        <Text size="sm" fw={600}>
          {user.progress}%
        </Text>
      </Group>
      <Progress value={user.progress} color={performanceColor(user.progress)} aria-label={t('tracker.progress', { name: user.name })} />
      <Ticks />
    </Box>
  );
}

export function TrackerPanel(props: {
  loading: boolean;
  teamProgress: number;
  /** The members shown so far, and how many match the search in all. */
  users: TeamUserProgress[];
  total: number;
  /** What is typed in the search box, and what the list was last found by (typing pauses before a search). */
  search: string;
  searched: string;
  onSearch: (search: string) => void;
  onMore: () => void;
  loadingMore: boolean;
  filter: string;
  filterOptions: { value: string; label: string }[];
  onFilter: (value: string) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const nobody = props.total === 0 && props.searched === '';
  return (
    <Panel
      title={t('tracker.title')}
      actions={
        <Group>
          <Select
            aria-label={t('filter.label')}
            data={props.filterOptions}
            value={props.filter}
            onChange={(v) => v && props.onFilter(v)}
            allowDeselect={false}
            w={240}
          />
          <Button variant="light" onClick={props.onExport} disabled={props.loading} loading={props.exporting}>
            {t('tracker.export')}
          </Button>
        </Group>
      }
    >
      {props.loading ? (
        <PanelSkeleton />
      ) : (
        <Stack gap="sm">
          <Group>
            <Text fw={600}>{t('tracker.overall')}</Text>
            <Badge color={performanceColor(props.teamProgress)} variant="dot" size="lg" data-testid="team-progress">
              {props.teamProgress}%
            </Badge>
          </Group>
          {nobody ? (
            <Text c="dimmed">{t('tracker.nobody')}</Text>
          ) : (
            <TextInput
              label={t('tracker.find')}
              placeholder={t('tracker.findPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={props.search}
              onChange={(event) => props.onSearch(event.currentTarget.value)}
            />
          )}
          {props.total === 0 && props.searched !== '' && <Text c="dimmed">{t('tracker.noMatch', { search: props.searched })}</Text>}
          {props.users.map((u) => (
            <TrackerUser key={u.user_id} user={u} />
          ))}
          <ShowMore shown={props.users.length} total={props.total} pageSize={TRACKER_PAGE} noun="member" loading={props.loadingMore} onMore={props.onMore} />
        </Stack>
      )}
    </Panel>
  );
}

export function AlertsPanel(props: {
  loading: boolean;
  alerts: CategoryAlerts[];
  onAlert: (category: CategoryAlerts, user: CategoryAlerts['users'][number]) => void;
  onBroadcast: () => void;
  broadcasting: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const withUsers = props.alerts.filter((c) => c.users.length > 0);
  return (
    <Panel
      title={t('alerts.title')}
      actions={
        <Button color="red.9" onClick={props.onBroadcast} loading={props.broadcasting}>
          {t('alerts.broadcast')}
        </Button>
      }
    >
      {props.loading ? (
        <PanelSkeleton />
      ) : withUsers.length === 0 ? (
        <Text c="dimmed">{t('alerts.none')}</Text>
      ) : (
        <Stack gap="md">
          {withUsers.map((c) => (
            <Box
              key={c.lesson_id === null ? `category-${c.category_id}` : `lesson-${c.lesson_id}`}
              data-testid={c.lesson_id === null ? undefined : 'alert-own-lesson'}
            >
              <Group justify="space-between" mb={4}>
                <Group gap="xs">
                  <Text fw={600} translate="no">
                    {c.category_name}
                  </Text>
                  {c.lesson_id !== null && (
                    <Badge variant="light" color="gray" size="sm">
                      {t('alerts.ownLesson')}
                    </Badge>
                  )}
                </Group>
                {c.users_total > c.users.length && (
                  <Text size="xs" c="dimmed">
                    {t('alerts.stalled', {
                      shown: c.users.length,
                      total: c.users_total >= ALERTS_COUNT_CAP ? `${new Intl.NumberFormat(i18n.language).format(ALERTS_COUNT_CAP)}+` : c.users_total,
                    })}
                  </Text>
                )}
              </Group>
              {c.lesson_id !== null && (
                <Text size="xs" c="dimmed" mb={4}>
                  {t('alerts.ownLessonHint')}
                </Text>
              )}
              <Stack gap={4}>
                {c.users.map((u) => {
                  const row = (
                    <Group key={u.user_id} justify="space-between">
                      <Group gap="xs">
                        <Avatar src={u.user_picture} size="sm" name={u.user_name} translate="no" />
                        <Text size="sm">
                          {c.lesson_id === null && <VisuallyHidden>{t('alerts.alert')} </VisuallyHidden>}
                          <span translate="no">{u.user_name}</span>
                          {c.lesson_id === null && <VisuallyHidden> {t('alerts.about', { category: c.category_name })}</VisuallyHidden>}
                        </Text>
                      </Group>
                      <Group gap="xs">
                        <Badge color={performanceColor(u.percentage_videos_watched)} variant="dot">
                          {u.percentage_videos_watched}%
                        </Badge>
                        <Badge color={ageColor(daysSince(u.first_video_watched))} variant="dot">
                          {/* The alerts' pt-BR date in UTC, so every viewer reads the same day. */ formatDate(u.first_video_watched, { utc: true })}
                        </Badge>
                      </Group>
                    </Group>
                  );
                  // An own lesson's members are listed, not alerted: alerts and their notices are about categories.
                  return c.lesson_id === null ? (
                    <UnstyledButton key={u.user_id} onClick={() => props.onAlert(c, u)} p={4} style={{ borderRadius: 6 }}>
                      {row}
                    </UnstyledButton>
                  ) : (
                    <Box key={u.user_id} p={4}>
                      {row}
                    </Box>
                  );
                })}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function CompliancePanel({ loading, items }: { loading: boolean; items: ComplianceItem[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel title={t('compliance.title')}>
      {loading ? (
        <PanelSkeleton />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('compliance.none')}</Text>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <Box key={item.lesson_id === null ? `category-${item.category_id}` : `lesson-${item.lesson_id}`} data-testid="compliance-item">
              <Group justify="space-between" mb={2}>
                <Group gap="xs">
                  <Text size="sm" translate="no">
                    {item.name}
                  </Text>
                  {item.lesson_id !== null && (
                    <Badge variant="light" color="gray" size="xs">
                      {t('compliance.ownLesson')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {item.completion}% ({item.completed}/{item.members})
                </Text>
              </Group>
              <Box h={16} bg="gray.1" style={{ borderRadius: 4 }}>
                <Box
                  h={16}
                  w={`${item.completion}%`}
                  bg={performanceColor(item.completion)}
                  style={{ borderRadius: 4 }}
                  // The figure is written just above; the bar only draws it.
                  aria-hidden
                />
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

// Dark shades: each segment's white percentage label stays above 4.5:1.
const SEGMENT_COLORS = ['blue.9', 'teal.9', 'violet.9', 'cyan.9', 'grape.9', 'indigo.9', 'red.9', 'pink.9', 'dark.6'];

export function OptionalTrainingPanel({ loading, items }: { loading: boolean; items: OptionalTrainingItem[] }) {
  const { t } = useTranslation('dashboard');
  const watched = items.filter((i) => i.completion > 0);
  return (
    <Panel title={t('optional.title')}>
      {loading ? (
        <PanelSkeleton />
      ) : watched.length === 0 ? (
        <Text c="dimmed">{t('optional.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Progress.Root size={28}>
            {watched.map((item, i) => (
              <Progress.Section
                key={item.category_id}
                value={item.completion}
                color={SEGMENT_COLORS[i % SEGMENT_COLORS.length]}
                aria-label={`${item.name}: ${item.completion}%`}
                // The label is the category's name (content) and a figure.
                translate="no"
              >
                <Progress.Label>{item.completion}%</Progress.Label>
              </Progress.Section>
            ))}
          </Progress.Root>
          {items.map((item) => {
            const i = watched.indexOf(item);
            return (
              <Group key={item.category_id} gap="xs" data-testid="optional-item">
                <Box w={12} h={12} bg={i >= 0 ? SEGMENT_COLORS[i % SEGMENT_COLORS.length] : 'gray.3'} style={{ borderRadius: 2 }} />
                <Text size="sm">
                  <span translate="no">{item.name}</span>: {item.completion}% ({t('optional.minutes', { minutes: item.total_minutes })})
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}
