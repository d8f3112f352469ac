import { Box, Button, Drawer, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSignedInSession } from '../../../lib/session.ts';
import { useLearningPathHome, useUserActivity } from '../api/learning.ts';
import { CategoryCard } from './category-card.tsx';
import { PeoplePanel } from './people-panel.tsx';
import { CertificatesStrip, WeeklyStats } from './weekly-stats.tsx';

type Panel = 'People' | 'Certificates' | 'Recent' | null;

/** The learning-path dashboard of /home (member spec, section 2): stats and certificates, the path, people. */
export function LearningDashboard({ onFailure }: { onFailure: () => void }) {
  const session = useSignedInSession();
  const path = useLearningPathHome();
  const activity = useUserActivity(session.userId);
  const [panel, setPanel] = useState<Panel>(null);

  useEffect(() => {
    if (path.isError || activity.isError) onFailure();
  }, [path.isError, activity.isError, onFailure]);

  if (!path.data || !activity.data) return null;
  const data = path.data;
  const stats = <WeeklyStats activity={activity.data} />;
  const certificates = <CertificatesStrip path={data} />;
  const people = <PeoplePanel organizationId={session.organizationId} teamId={session.teamId} onFailure={onFailure} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Hello, {data.name}
        </Title>
        <Text c="dimmed">{[data.role, data.team].filter(Boolean).join(' · ')}</Text>
        <Text fw={700} mt="xs" data-testid="path-summary">
          {data.summary}
        </Text>
      </div>
      <Group hiddenFrom="md" gap="xs">
        {(['People', 'Certificates', 'Recent'] as const).map((name) => (
          <Button key={name} variant="light" size="xs" onClick={() => setPanel(name)}>
            {name}
          </Button>
        ))}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Stack gap="md">
            {stats}
            {certificates}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md" aria-label="Learning path">
            {data.categories.length === 0 && <Text c="dimmed">Your learning path has no categories yet.</Text>}
            {data.categories.map((c) => (
              <CategoryCard key={c.category_id} category={c} userId={session.userId} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          {people}
        </Grid.Col>
      </Grid>
      <Drawer opened={panel !== null} onClose={() => setPanel(null)} title={panel ?? ''} hiddenFrom="md" position="right">
        <Box>{panel === 'People' ? people : panel === 'Certificates' ? certificates : stats}</Box>
      </Drawer>
    </Stack>
  );
}
