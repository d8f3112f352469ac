import { Alert, Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { PathCategoriesData, PathLessonsData, PathOwnLesson, TreeCategory } from '@mm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCatalogTree } from '../../../lib/organization/get-catalog-tree.ts';
import { usePathCategories } from '../../../lib/organization/get-path-categories.ts';
import { useTeams } from '../../../lib/organization/get-teams.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';
import { editHiddenVideos } from '../api/edit-hidden-videos.ts';
import { getHiddenVideos } from '../api/get-hidden-videos.ts';
import { orderCategories } from '../api/order-categories.ts';
import { savePathLessons, usePathLessons } from '../api/path-lessons.ts';
import { CategoryTree } from '../components/category-tree.tsx';
import { PathOwnLessons } from '../components/path-own-lessons.tsx';
import { type PathItem, SortablePath } from '../components/sortable-path.tsx';
import { VideoPreview } from '../components/video-preview.tsx';

const ORGANIZATION_SCOPE = 'organization';

/** /manage-organization/learning-path-creator: desktop only (administration spec, section 2). */
export function LearningPathCreatorPage() {
  const { t } = useTranslation('organization');
  const small = useMediaQuery('(max-width: 991px)');
  return <AdminPage title={t('path.title')}>{small ? <Alert color="yellow">{t('path.desktopOnly')}</Alert> : <Creator />}</AdminPage>;
}

function Creator() {
  const { t } = useTranslation('organization');
  const { organizationId } = useManagedOrganization();
  const [scope, setScope] = useState(ORGANIZATION_SCOPE);
  const teamId = scope === ORGANIZATION_SCOPE ? null : Number(scope);
  const teams = useTeams(organizationId);
  const tree = useCatalogTree(organizationId);
  const path = usePathCategories(organizationId, teamId);
  const lessons = usePathLessons(organizationId, teamId);
  const teamName = teams.data?.find((team) => team.id === teamId)?.name ?? '';

  return (
    <Stack gap="lg">
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('path.step1')}
        </Title>
        <Select
          label={t('path.for')}
          allowDeselect={false}
          value={scope}
          onChange={(value) => value && setScope(value)}
          data={[
            { value: ORGANIZATION_SCOPE, label: t('path.defaultPath') },
            ...(teams.data ?? []).map((team) => ({ value: String(team.id), label: team.name })),
          ]}
          maw={420}
        />
      </Card>
      {(tree.isPending || path.isPending || lessons.isPending) && <PageLoader label={t('path.loading')} />}
      {tree.isError && <Alert color="red">{tree.error.message}</Alert>}
      {path.isError && <Alert color="red">{path.error.message}</Alert>}
      {lessons.isError && <Alert color="red">{lessons.error.message}</Alert>}
      {tree.data && path.data && lessons.data && (
        // A new scope or a reload after saving starts the editor afresh from the server's path.
        <Editor
          key={`${scope}-${path.dataUpdatedAt}-${lessons.dataUpdatedAt}`}
          organizationId={organizationId}
          teamId={teamId}
          teamName={teamName}
          tree={tree.data}
          path={path.data}
          lessons={lessons.data}
        />
      )}
    </Stack>
  );
}

type EditorProps = {
  organizationId: number;
  teamId: number | null;
  teamName: string;
  tree: TreeCategory[];
  path: PathCategoriesData;
  lessons: PathLessonsData;
};

function Editor({ organizationId, teamId, teamName, tree, path, lessons }: EditorProps) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const [ownLessons, setOwnLessons] = useState<PathOwnLesson[]>(lessons.lessons);
  const [ordered, setOrdered] = useState<PathItem[]>(() => path.data.map((c) => ({ id: c.id, name: c.name, essential: c.essential })));
  const [hidden, setHidden] = useState(() => new Map<number, Set<number>>());
  const [changed, setChanged] = useState(() => new Set<number>());
  const [preview, setPreview] = useState<number | null>(null);
  const [attention, setAttention] = useState(false);
  const [saving, setSaving] = useState(false);
  const available = tree.filter((c) => !ordered.some((o) => o.id === c.id));

  const openCategory = async (category: TreeCategory) => {
    if (category.subcategories.length === 0) return adminNotify.errorMessage(t('path.noSubcategories'));
    if (hidden.has(category.id)) return;
    try {
      const ids = await getHiddenVideos(organizationId, category.id, teamId);
      setHidden((current) => new Map(current).set(category.id, new Set(ids)));
    } catch (error) {
      adminNotify.errorMessage(error instanceof Error ? error.message : String(error));
    }
  };

  const toggleVideo = (category: TreeCategory, videoId: number, visible: boolean) => {
    const current = new Set(hidden.get(category.id));
    const total = category.subcategories.reduce((n, s) => n + s.data.length, 0);
    if (!visible && total - current.size <= 1) return adminNotify.errorMessage(t('path.oneVideo'));
    if (visible) current.delete(videoId);
    else current.add(videoId);
    setHidden(new Map(hidden).set(category.id, current));
    setChanged(new Set(changed).add(category.id));
  };

  const save = async () => {
    setSaving(true);
    try {
      for (const categoryId of changed) {
        try {
          await editHiddenVideos(organizationId, categoryId, { hidden_videos_ids: [...(hidden.get(categoryId) ?? [])], teamId: teamId ?? undefined });
        } catch (error) {
          adminNotify.errorMessage(error instanceof ApiError && error.status > 0 ? t('path.hiddenFailedFor', { id: categoryId }) : t('path.hiddenFailed'));
          return;
        }
      }
      try {
        await orderCategories(organizationId, {
          team_id: teamId ?? undefined,
          categories: ordered.map((c, i) => ({ category_id: c.id, order: i + 1, essential: c.essential === 1 ? 1 : 0 })),
        });
        // After the categories: a team's own path exists by now, and its own lessons go with it.
        await savePathLessons(
          organizationId,
          teamId,
          ownLessons.map((l) => l.lesson_id),
        );
        adminNotify.success(teamId === null ? t('path.sortedOrganization') : t('path.sortedTeam', { name: teamName }));
      } catch {
        adminNotify.errorMessage(t('path.problem'));
      }
    } finally {
      setSaving(false);
      // Reload: the editor restarts from what the server now holds.
      await queryClient.invalidateQueries({ queryKey: organizationKey });
    }
  };

  // The path needs a required category: said before asking "Are you sure?", not after.
  const confirmSave = () => {
    if (ordered.length === 0 || !ordered.some((c) => c.essential === 1)) {
      setAttention(true);
      return adminNotify.errorMessage(t('path.requiredCategory'));
    }
    setAttention(false);
    modals.openConfirmModal({
      title: t('path.saveTitle'),
      children: <Text size="sm">{t('path.saveText')}</Text>,
      labels: { confirm: t('path.confirm'), cancel: t('path.cancel') },
      onConfirm: () => void save(),
    });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('path.step2')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('path.step2Help')}
            </Text>
            <CategoryTree categories={tree} hidden={hidden} onOpen={openCategory} onToggleVideo={toggleVideo} onPreview={setPreview} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('path.step3')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('path.step3Help')}
            </Text>
            {ordered.length === 0 ? <Text c="dimmed">{t('path.addBelow')}</Text> : <SortablePath items={ordered} onChange={setOrdered} />}
            {available.length > 0 && (
              <Stack gap={4} mt="md">
                <Text fw={600} size="sm">
                  {t('path.available')}
                </Text>
                {available.map((c) => (
                  <Group key={c.id} justify="space-between">
                    <Text size="sm" translate="no">
                      {c.name}
                    </Text>
                    <Button size="xs" variant="light" onClick={() => setOrdered([...ordered, { id: c.id, name: c.name, essential: c.essential }])}>
                      {t('path.add', { name: c.name })}
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
          {(lessons.available.length > 0 || ownLessons.length > 0) && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                {t('path.step4')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('path.step4Help')}
              </Text>
              <PathOwnLessons lessons={ownLessons} available={lessons.available} onChange={setOwnLessons} />
            </Card>
          )}
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('path.saveStep', { step: lessons.available.length > 0 || ownLessons.length > 0 ? 5 : 4 })}
            </Title>
            {attention && (
              <Alert color="red" mb="sm">
                {t('path.requiredCategory')}
              </Alert>
            )}
            <Button onClick={confirmSave} loading={saving}>
              {t('path.save')}
            </Button>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <VideoPreview videoId={preview} />
      </Grid.Col>
    </Grid>
  );
}
