import { Avatar, Button, Group, Loader, Modal, Select, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { initialsOf } from '../../../lib/initials.ts';
import { type PeopleMode, type PersonRow, usePeople } from '../api/get-people.ts';
import { tieNote } from '../ranking-ties.ts';

const MEDALS = [
  { color: '#d4a017', label: '1st place' },
  { color: '#9ea7ad', label: '2nd place' },
  { color: '#b0703c', label: '3rd place' },
];

/** 1st..3rd as medals, the others with 'th' (member spec, section 2); a tie's note says why the places differ. */
function Position({ position, tie }: { position: number; tie: string | null }) {
  const medal = MEDALS[position - 1];
  if (!medal) return <Text fw={700}>{`${position}th`}</Text>;
  const label = tie ? `${medal.label} (${tie})` : medal.label;
  return (
    <ThemeIcon color={medal.color} radius="xl" size="md" aria-label={label} title={label}>
      <IconMedal size={16} aria-hidden />
    </ThemeIcon>
  );
}

/** `heading`: false in the phone's drawer, whose title already says "People". */
type PeoplePanelProps = { organizationId: number | null; teamId: number | null; onFailure: () => void; heading?: boolean };

export function PeoplePanel({ organizationId, teamId, onFailure, heading = true }: PeoplePanelProps) {
  const [mode, setMode] = useState<PeopleMode>('Company');
  const [selected, setSelected] = useState<PersonRow | null>(null);
  const people = usePeople(mode, organizationId, teamId);
  const rows = people.data?.pages.flat() ?? [];
  useEffect(() => {
    if (people.isError) onFailure();
  }, [people.isError, onFailure]);

  return (
    <Stack gap="sm" aria-label="People">
      {heading && (
        <Title order={2} size="h4">
          People
        </Title>
      )}
      <Select
        label="List users by"
        data={['Company', 'Team', 'Ranking']}
        value={mode}
        allowDeselect={false}
        onChange={(value) => value && setMode(value as PeopleMode)}
      />
      {people.isLoading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            Loading people…
          </Text>
        </Group>
      )}
      {mode === 'Team' && teamId === null && (
        <Text size="sm" c="gray.7">
          You are not in a team yet.
        </Text>
      )}
      {people.isSuccess && rows.length === 0 && (
        <Text size="sm" c="gray.7">
          Nobody to list yet.
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
            <Avatar src={p.picture} color="blue.8" variant="filled" radius="xl">
              {initialsOf(`${p.name} ${p.last_name}`)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {p.name} {p.last_name}
              </Text>
              <Text size="xs" c="gray.7">
                {[p.role, p.team].filter(Boolean).join(' · ')}
              </Text>
              {mode === 'Ranking' ? (
                <Text size="xs">
                  {p.points} points
                  {tieNote(rows, index) && ` · ${tieNote(rows, index)}`}
                </Text>
              ) : (
                p.bio && (
                  <Text size="xs" c="gray.7" lineClamp={2}>
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
          Show more people
        </Button>
      )}
      <Modal opened={selected !== null} onClose={() => setSelected(null)} title="Profile" centered>
        {selected && (
          <Stack align="center" gap="xs">
            <Avatar src={selected.picture} color="blue.8" variant="filled" size={96} radius={96}>
              {initialsOf(`${selected.name} ${selected.last_name}`)}
            </Avatar>
            <Title order={3}>
              {selected.name} {selected.last_name}
            </Title>
            <Text c="gray.7">{[selected.role, selected.team].filter(Boolean).join(' · ')}</Text>
            <Text>
              <b>Bio:</b> {selected.bio}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
