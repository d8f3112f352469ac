import { Box, Button, Drawer, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../lib/session.ts';
import { useLearningPathHome } from '../api/get-learning-path-home.ts';
import { useRankingLeaderPoints } from '../api/get-ranking-leader-points.ts';
import { useUserActivity } from '../api/get-user-activity.ts';
import { useMyQualifications } from '../api/training-due.ts';
import '../home.css';
import { OwnLessonStep } from './own-lesson-step.tsx';
import { PathStep } from './path-step.tsx';
import { PeoplePanel } from './people-panel.tsx';
import { TrainingDueCard } from './training-due-card.tsx';
import { CertificatesStrip, WeeklyStats } from './weekly-stats.tsx';

type Panel = 'People' | 'Certificates' | 'Recent' | null;

/** The learning-path dashboard of /home (member spec, section 2): stats and certificates, the path, people. */
export function LearningDashboard({ onFailure }: { onFailure: () => void }) {
  const session = useSignedInSession();
  const { t } = useTranslation('home');
  const path = useLearningPathHome();
  const activity = useUserActivity(session.userId);
  const leaderPoints = useRankingLeaderPoints(session.organizationId);
  // The training-due card sits above the path: the dashboard appears with it, rather than the path jumping down after.
  // One observer only (the card gets the answer), so a refused call is not asked again by each mount. A kiosk
  // session may not read qualifications, nor may the shared guest (it is on no station): no card there.
  const dueWanted = session.organizationId !== null && session.kioskIdleSeconds === undefined && !session.isGuestUser;
  const due = useMyQualifications(dueWanted ? session.organizationId : null);
  const [panel, setPanel] = useState<Panel>(null);
  // Below Mantine's md breakpoint the side columns open in a drawer on demand: not rendering them hidden spares a
  // phone their work and the people list's call.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });

  useEffect(() => {
    if (path.isError || activity.isError) onFailure();
  }, [path.isError, activity.isError, onFailure]);

  // The dashboard is the page's largest render: made from a deferred value, React renders it in slices a phone can
  // answer a tap between, rather than in one long task when the last answer arrives.
  const ready = useDeferredValue(path.data !== undefined && activity.data !== undefined && !(dueWanted && due.isPending));
  if (!ready || !path.data || !activity.data) return null;
  const data = path.data;
  const stats = <WeeklyStats activity={activity.data} leaderPoints={leaderPoints.data} />;
  // In the phone's drawer the drawer's title names the panel, so the panel shows no heading of its own.
  const certificates = (heading: boolean) => <CertificatesStrip path={data} heading={heading} />;
  const people = (heading: boolean) => <PeoplePanel organizationId={session.organizationId} teamId={session.teamId} onFailure={onFailure} heading={heading} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('hello', { name: data.name })}
        </Title>
        <Text c="gray.7" translate="no">
          {[data.role, data.team].filter(Boolean).join(' · ')}
        </Text>
        <Text fw={700} mt="xs" data-testid="path-summary">
          {t('summary', { done: data.done, total: data.total, percent: data.percent })}
        </Text>
      </div>
      <TrainingDueCard stations={due.data?.stations} />
      {!wide && (
        <Group gap="xs">
          {(['People', 'Certificates', 'Recent'] as const).map((name) => (
            <Button key={name} variant="light" size="xs" onClick={() => setPanel(name)}>
              {t(`panels.${name}`)}
            </Button>
          ))}
        </Group>
      )}
      <Grid gap="lg">
        {wide && (
          <Grid.Col span={3}>
            <Stack gap="md">
              {stats}
              {certificates(true)}
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={wide ? 6 : 12}>
          <section aria-labelledby="learning-path-title">
            <Title order={2} size="h4" id="learning-path-title" mb="xs">
              {t('path.title')}
            </Title>
            {data.categories.length === 0 && data.own_lessons.length === 0 ? (
              <Text c="gray.7">{t('path.empty')}</Text>
            ) : (
              <ol className="mm-path">
                {data.categories.map((c, index) => (
                  <PathStep key={c.category_id} category={c} position={index + 1} userId={session.userId} />
                ))}
                {data.own_lessons.map((lesson, index) => (
                  <OwnLessonStep key={`lesson-${lesson.lesson_id}`} lesson={lesson} position={data.categories.length + index + 1} />
                ))}
              </ol>
            )}
          </section>
        </Grid.Col>
        {wide && <Grid.Col span={3}>{people(true)}</Grid.Col>}
      </Grid>
      {!wide && (
        <Drawer opened={panel !== null} onClose={() => setPanel(null)} title={panel ? t(`panels.${panel}`) : ''} position="right">
          <Box>{panel === 'People' ? people(false) : panel === 'Certificates' ? certificates(false) : stats}</Box>
        </Drawer>
      )}
    </Stack>
  );
}
