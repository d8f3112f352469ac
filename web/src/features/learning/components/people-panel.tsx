import { Avatar, Button, Group, Loader, Modal, Select, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../lib/initials.ts';
import { type PeopleMode, type PersonRow, usePeople } from '../api/get-people.ts';
import { type TieNote, tieNote } from '../ranking-ties.ts';

const MEDALS = [
  { color: '#d4a017', label: 'people.medal1' },
  { color: '#9ea7ad', label: 'people.medal2' },
  { color: '#b0703c', label: 'people.medal3' },
] as const;

/** 1st..3rd as medals, the others with 'th' (member spec, section 2); a tie's note says why the places differ. */
function Position({ position, tie }: { position: number; tie: TieNote | null }) {
  const { t } = useTranslation('home');
  const medal = MEDALS[position - 1];
  if (!medal) return <Text fw={700}>{t('people.nth', { position })}</Text>;
  const label = tie ? t('people.medalTie', { medal: t(medal.label), tie: t(`ranking.${tie}`) }) : t(medal.label);
  return (
    <ThemeIcon color={medal.color} radius="xl" size="md" aria-label={label} title={label}>
      <IconMedal size={16} aria-hidden />
    </ThemeIcon>
  );
}

/** `heading`: false in the phone's drawer, whose title already says "People". */
type PeoplePanelProps = { organizationId: number | null; teamId: number | null; onFailure: () => void; heading?: boolean };

export function PeoplePanel({ organizationId, teamId, onFailure, heading = true }: PeoplePanelProps) {
  const { t } = useTranslation('home');
  const [mode, setMode] = useState<PeopleMode>('Company');
  const [selected, setSelected] = useState<PersonRow | null>(null);
  const people = usePeople(mode, organizationId, teamId);
  const rows = people.data?.pages.flat() ?? [];
  useEffect(() => {
    if (people.isError) onFailure();
  }, [people.isError, onFailure]);

  return (
    <Stack gap="sm" aria-label={t('people.title')}>
      {heading && (
        <Title order={2} size="h4">
          {t('people.title')}
        </Title>
      )}
      <Select
        label={t('people.listBy')}
        data={(['Company', 'Team', 'Ranking'] as const).map((value) => ({ value, label: t(`people.${value}`) }))}
        value={mode}
        allowDeselect={false}
        onChange={(value) => value && setMode(value as PeopleMode)}
      />
      {people.isLoading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            {t('people.loading')}
          </Text>
        </Group>
      )}
      {mode === 'Team' && teamId === null && (
        <Text size="sm" c="gray.7">
          {t('people.noTeam')}
        </Text>
      )}
      {people.isSuccess && rows.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('people.nobody')}
        </Text>
      )}
      {rows.map((p, index) => (
        <UnstyledButton key={p.id} onClick={() => setSelected(p)} data-testid="person">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {mode === 'Ranking' && (
              <Group w={36} justify="center">
                <Position position={p.ranking} tie={tieNote(rows, index)} />
              </Group>
            )}
            {/* One dark fill for initials: the per-name pastel colours fall under 4.5:1. */}
            <Avatar src={p.picture} color="blue.8" variant="filled" radius="xl" translate="no">
              {initialsOf(`${p.name} ${p.last_name}`)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" translate="no">
                {p.name} {p.last_name}
              </Text>
              <Text size="xs" c="gray.7" translate="no">
                {[p.role, p.team].filter(Boolean).join(' · ')}
              </Text>
              {mode === 'Ranking' ? (
                <Text size="xs">
                  {t('people.points', { count: p.points })}
                  {tieNote(rows, index) && ` · ${t(`ranking.${tieNote(rows, index)}`)}`}
                </Text>
              ) : (
                p.bio && (
                  <Text size="xs" c="gray.7" lineClamp={2} translate="no">
                    {p.bio}
                  </Text>
                )
              )}
            </div>
          </Group>
        </UnstyledButton>
      ))}
      {people.hasNextPage && (
        <Button variant="light" size="xs" onClick={() => void people.fetchNextPage()} loading={people.isFetchingNextPage}>
          {t('people.more')}
        </Button>
      )}
      <Modal opened={selected !== null} onClose={() => setSelected(null)} title={t('people.profile')} centered>
        {selected && (
          <Stack align="center" gap="xs">
            <Avatar src={selected.picture} color="blue.8" variant="filled" size={96} radius={96} translate="no">
              {initialsOf(`${selected.name} ${selected.last_name}`)}
            </Avatar>
            <Title order={3} translate="no">
              {selected.name} {selected.last_name}
            </Title>
            <Text c="gray.7" translate="no">
              {[selected.role, selected.team].filter(Boolean).join(' · ')}
            </Text>
            <Text>
              <b>{t('people.bio')}</b> <span translate="no">{selected.bio}</span>
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
