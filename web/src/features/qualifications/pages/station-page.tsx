import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { RequirementKind, Station, StationChoicesData, StationInput, StationKind } from '@mm/contract';
import { countOf } from '@mm/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAssignStation } from '../api/assign-station.ts';
import { downloadAuditPack } from '../api/download-audit-pack.ts';
import { useMatrix } from '../api/get-matrix.ts';
import { useStationChoices } from '../api/get-station-choices.ts';
import { useStations } from '../api/get-stations.ts';
import { useRetireStation } from '../api/retire-station.ts';
import { useSaveStation } from '../api/save-station.ts';
import { useUnassignStation } from '../api/unassign-station.ts';
import { MissingSteps } from '../components/missing-steps.tsx';
import { StateBadge } from '../components/state-badge.tsx';
import { qualificationPaths } from '../paths.ts';

/** The words that differ between a work station and required training (same form, same people list). */
const WORDING: Record<StationKind, { noun: string; settings: string; create: string; save: string; retire: string; people: string; newTitle: string }> = {
  station: {
    noun: 'station',
    settings: 'Station settings',
    create: 'Create station',
    save: 'Save station',
    retire: 'Retire station',
    people: 'People at this station',
    newTitle: 'New station',
  },
  training: {
    noun: 'training',
    settings: 'Training settings',
    create: 'Create training',
    save: 'Save training',
    retire: 'Retire training',
    people: 'People assigned',
    newTitle: 'New required training',
  },
};

/**
 * /qualifications/stations/new, /qualifications/training/new and /qualifications/stations/:stationId: the form of a
 * station or of required training, then its people.
 */
export function StationPage({ kind: newKind = 'station' }: { kind?: StationKind }) {
  const { stationId } = useParams();
  const id = stationId ? Number(stationId) : null;
  const stations = useStations();
  const choices = useStationChoices();
  const station = id === null ? null : (stations.data?.stations.find((s) => s.id === id) ?? null);
  const kind = station?.kind ?? newKind;
  const loading = stations.isPending || choices.isPending;
  return (
    <AdminPage title={id === null ? WORDING[kind].newTitle : (station?.name ?? 'Station')} back={qualificationPaths.root}>
      {loading && <PageLoader label="Loading the station..." />}
      {(stations.isError || choices.isError) && <Alert color="red">{(stations.error ?? choices.error)?.message}</Alert>}
      {!loading && id !== null && !station && <Alert color="red">No such station in your organization.</Alert>}
      {choices.data && (id === null || station) && (
        <Stack gap="xl">
          <StationForm key={station?.id ?? `new-${kind}`} kind={kind} station={station} choices={choices.data} />
          {station && <StationPeople station={station} choices={choices.data} />}
        </Stack>
      )}
    </AdminPage>
  );
}

const KIND_LABELS: Record<RequirementKind, string> = { category: 'Category', sub_category: 'Sub-category', video: 'Video' };

/** /qualifications/training/new. */
export function NewTrainingPage() {
  return <StationPage kind="training" />;
}

function requirementOptions(choices: StationChoicesData) {
  return [
    { group: 'Categories', items: choices.categories.map((c) => ({ value: `category:${c.id}`, label: c.name })) },
    {
      group: 'Sub-categories',
      items: choices.categories.flatMap((c) => c.sub_categories.map((s) => ({ value: `sub_category:${s.id}`, label: `${c.name} › ${s.name}` }))),
    },
    { group: 'Videos', items: choices.videos.map((v) => ({ value: `video:${v.id}`, label: v.title })) },
  ];
}

function StationForm({ kind, station, choices }: { kind: StationKind; station: Station | null; choices: StationChoicesData }) {
  const { t } = useTranslation();
  const wording = WORDING[kind];
  const training = kind === 'training';
  const navigate = useNavigate();
  const save = useSaveStation();
  const [name, setName] = useState(station?.name ?? '');
  const [description, setDescription] = useState(station?.description ?? '');
  const [requirements, setRequirements] = useState<string[]>(station?.requirements.map((r) => `${r.kind}:${r.id}`) ?? []);
  const [checked, setChecked] = useState<string[]>(station?.requirements.filter((r) => r.requires_check).map((r) => `${r.kind}:${r.id}`) ?? []);
  const [checklist, setChecklist] = useState<string[]>(station?.checklist ?? []);
  const [newItem, setNewItem] = useState('');
  const [expires, setExpires] = useState(station ? station.validity_months !== null : true);
  const [validity, setValidity] = useState<number>(station?.validity_months ?? 12);
  const [warningDays, setWarningDays] = useState<number>(station?.warning_days ?? 30);
  const [dueDays, setDueDays] = useState<number>(station?.due_days ?? 14);
  const [minPerShift, setMinPerShift] = useState<number>(station?.min_per_shift ?? 1);
  const [trainers, setTrainers] = useState<string[]>(station?.trainers.map((t) => String(t.user_id)) ?? []);

  const addItem = () => {
    const item = newItem.trim();
    if (item && !checklist.includes(item)) setChecklist([...checklist, item]);
    setNewItem('');
  };

  const submit = () => {
    const input: StationInput = {
      kind,
      name,
      description,
      requirements: requirements.map((value) => {
        const [kind, refId] = value.split(':');
        return { kind: kind as RequirementKind, id: Number(refId), requires_check: checked.includes(value) };
      }),
      checklist: training ? [] : checklist,
      validity_months: expires ? validity : null,
      warning_days: warningDays,
      due_days: dueDays,
      min_per_shift: training ? 0 : minPerShift,
      trainer_ids: training ? [] : trainers.map(Number),
    };
    save.mutate(
      { stationId: station?.id ?? null, input },
      {
        onSuccess: ({ data, message }) => {
          if (message) notifySuccess(message);
          if (!station) navigate(qualificationPaths.station(data.id));
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Card withBorder padding="lg">
      <Stack maw={720}>
        <Title order={2} size="h3">
          {wording.settings}
        </Title>
        <TextInput
          label="Name"
          description={training ? 'What everyone assigned must complete, e.g. "Plant safety induction"' : 'A machine or a task, e.g. "Press 4" or "Forklift"'}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea label="Description" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <MultiSelect
          label={training ? 'Videos to watch' : 'Required training'}
          description={
            training
              ? 'Every listed video of a category or sub-category counts, plus single videos. Watching them all completes the training.'
              : 'Every listed video of a category or sub-category counts, plus single videos.'
          }
          placeholder="Pick categories, sub-categories or videos"
          searchable
          required
          data={requirementOptions(choices)}
          value={requirements}
          onChange={setRequirements}
        />
        <MultiSelect
          label={t('check.requiredFor')}
          description={t('check.requiredForHelp')}
          placeholder={t('check.requiredForPlaceholder')}
          data={requirementOptions(choices)
            .flatMap((group) => group.items)
            .filter((option) => requirements.includes(option.value))}
          value={checked.filter((value) => requirements.includes(value))}
          onChange={setChecked}
        />
        {!training && (
          <div>
            <Text fw={500} size="sm">
              Practical sign-off checklist
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              What a supervisor observes at the station before signing someone off. Leave empty when the videos are enough.
            </Text>
            <Stack gap={4}>
              {checklist.map((item, index) => (
                <Group key={item} gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ flex: 1 }}>
                    {index + 1}. {item}
                  </Text>
                  <ActionIcon variant="subtle" color="red.9" aria-label={`Remove "${item}"`} onClick={() => setChecklist(checklist.filter((c) => c !== item))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Group mt="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="New checklist item"
                style={{ flex: 1 }}
                value={newItem}
                onChange={(e) => setNewItem(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addItem();
                  }
                }}
              />
              <Button variant="default" onClick={addItem} disabled={!newItem.trim()}>
                Add item
              </Button>
            </Group>
          </div>
        )}
        <Switch
          label={training ? 'The training expires and is repeated' : 'The qualification expires'}
          checked={expires}
          onChange={(e) => setExpires(e.currentTarget.checked)}
        />
        <Group grow align="flex-start">
          {expires && <NumberInput label="Valid for (months)" min={1} max={120} value={validity} onChange={(v) => setValidity(Number(v) || 1)} />}
          {expires && <NumberInput label="Renewal warning (days)" min={1} max={180} value={warningDays} onChange={(v) => setWarningDays(Number(v) || 1)} />}
          <NumberInput label="Due after assignment (days)" min={1} max={365} value={dueDays} onChange={(v) => setDueDays(Number(v) || 1)} />
          {!training && (
            <NumberInput label="Minimum qualified per shift" min={0} max={500} value={minPerShift} onChange={(v) => setMinPerShift(Number(v) || 0)} />
          )}
        </Group>
        {!training && (
          <MultiSelect
            label="Trainers"
            description="Members who may sign people off at this station (super users always may)."
            searchable
            data={choices.people.map((p) => ({ value: String(p.user_id), label: p.name }))}
            value={trainers}
            onChange={setTrainers}
          />
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {station ? wording.save : wording.create}
          </Button>
          <Button variant="default" component={Link} to={qualificationPaths.root}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function StationPeople({ station, choices }: { station: Station; choices: StationChoicesData }) {
  const wording = WORDING[station.kind];
  const navigate = useNavigate();
  const assign = useAssignStation();
  const unassign = useUnassignStation();
  const retire = useRetireStation();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [people, setPeople] = useState<string[]>([]);
  // The station's people: the matrix rows that have a cell at this station.
  const matrix = useMatrix({ skip: 0, take: 200 });
  const assigned = (matrix.data?.people ?? []).flatMap((p) => {
    const cell = p.cells.find((c) => c.station_id === station.id);
    return cell ? [{ ...p, cell }] : [];
  });

  const run = (body: { team_id?: number; user_ids?: number[] }) =>
    assign.mutate(
      { stationId: station.id, body },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          setPeople([]);
        },
        onError: notifyError,
      },
    );

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {wording.people}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => void downloadAuditPack({ station_id: station.id, format: 'pdf' }).catch(notifyError)}>
              {station.kind === 'training' ? 'Training audit pack' : 'Station audit pack'}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                if (!window.confirm(`Retire ${station.name}? It leaves the matrix; its evidence stays in the audit pack.`)) return;
                retire.mutate(station.id, {
                  onSuccess: ({ message }) => {
                    if (message) notifySuccess(message);
                    navigate(qualificationPaths.root);
                  },
                  onError: notifyError,
                });
              }}
            >
              {wording.retire}
            </Button>
          </Group>
        </Group>
        <Group align="flex-end">
          <Select
            label="Assign a team"
            placeholder="Pick a team"
            data={choices.teams.map((t) => ({ value: String(t.id), label: t.name }))}
            value={teamId}
            onChange={setTeamId}
          />
          <Button onClick={() => teamId && run({ team_id: Number(teamId) })} disabled={!teamId} loading={assign.isPending}>
            Assign team
          </Button>
        </Group>
        <Group align="flex-end">
          <MultiSelect
            label="Assign people"
            placeholder="Pick people"
            searchable
            style={{ flex: 1, maxWidth: 480 }}
            data={choices.people.map((p) => ({ value: String(p.user_id), label: p.name }))}
            value={people}
            onChange={setPeople}
          />
          <Button onClick={() => run({ user_ids: people.map(Number) })} disabled={!people.length} loading={assign.isPending}>
            Assign people
          </Button>
        </Group>
        {assigned.length === 0 ? (
          <Text c="dimmed">Nobody is assigned yet: assign a team or people above. Each gets a due date {countOf(station.due_days, 'day')} away.</Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Person</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assigned.map((p) => (
                <Table.Tr key={p.user_id}>
                  <Table.Td>
                    <Link to={qualificationPaths.person(p.user_id)}>{p.name}</Link>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={p.cell.state} />
                    <MissingSteps missing={p.cell.missing} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        unassign.mutate(
                          { stationId: station.id, userId: p.user_id },
                          { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError },
                        )
                      }
                    >
                      Unassign {p.name}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" c="dimmed">
          Requires {countOf(station.required_video_count, 'video')} · {station.requirements.map((r) => `${KIND_LABELS[r.kind]}: ${r.name}`).join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}
