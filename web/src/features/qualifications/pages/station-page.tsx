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
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
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
import { StationPracticalChecks } from '../components/station-practical-checks.tsx';
import { qualificationPaths } from '../paths.ts';

/** The words that differ between a work station and required training (same form, same people list): the catalog's `station.wording.<kind>`. */
function useWording(kind: StationKind) {
  const { t } = useTranslation('qualifications');
  return (key: 'settings' | 'create' | 'save' | 'retire' | 'people' | 'newTitle' | 'auditPack') => t(`station.wording.${kind}.${key}`);
}

/**
 * /qualifications/stations/new, /qualifications/training/new and /qualifications/stations/:stationId: the form of a
 * station or of required training, then its people, then (a work station) the practical checks recorded there.
 */
export function StationPage({ kind: newKind = 'station' }: { kind?: StationKind }) {
  const { t } = useTranslation('qualifications');
  const { stationId } = useParams();
  const id = stationId ? Number(stationId) : null;
  const stations = useStations();
  const choices = useStationChoices();
  const station = id === null ? null : (stations.data?.stations.find((s) => s.id === id) ?? null);
  const kind = station?.kind ?? newKind;
  const loading = stations.isPending || choices.isPending;
  const wording = useWording(kind);
  return (
    <AdminPage
      title={id === null ? wording('newTitle') : (station?.name ?? t('station.station'))}
      titleIsData={station !== null}
      back={qualificationPaths.root}
    >
      {loading && <PageLoader label={t('station.loading')} />}
      {(stations.isError || choices.isError) && <Alert color="red">{(stations.error ?? choices.error)?.message}</Alert>}
      {!loading && id !== null && !station && <Alert color="red">{t('station.noSuch')}</Alert>}
      {choices.data && (id === null || station) && (
        <Stack gap="xl">
          <StationForm key={station?.id ?? `new-${kind}`} kind={kind} station={station} choices={choices.data} />
          {station && <StationPeople station={station} choices={choices.data} />}
          {/* Required training has no checklist, so no practical check is ever recorded there. */}
          {station?.kind === 'station' && <StationPracticalChecks stationId={station.id} />}
        </Stack>
      )}
    </AdminPage>
  );
}

/** /qualifications/training/new. */
export function NewTrainingPage() {
  return <StationPage kind="training" />;
}

function requirementOptions(choices: StationChoicesData, t: TFunction<'qualifications'>) {
  return [
    { group: t('station.groups.categories'), items: choices.categories.map((c) => ({ value: `category:${c.id}`, label: c.name })) },
    {
      group: t('station.groups.subCategories'),
      items: choices.categories.flatMap((c) => c.sub_categories.map((s) => ({ value: `sub_category:${s.id}`, label: `${c.name} › ${s.name}` }))),
    },
    { group: t('station.groups.videos'), items: choices.videos.map((v) => ({ value: `video:${v.id}`, label: v.title })) },
  ];
}

function StationForm({ kind, station, choices }: { kind: StationKind; station: Station | null; choices: StationChoicesData }) {
  const { t } = useTranslation();
  const q = useTranslation('qualifications').t;
  const wording = useWording(kind);
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
  const [trainers, setTrainers] = useState<string[]>(station?.trainers.map((trainer) => String(trainer.user_id)) ?? []);

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
          {wording('settings')}
        </Title>
        <TextInput
          label={q('station.name')}
          description={training ? q('station.nameHelpTraining') : q('station.nameHelpStation')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          translate="no"
          label={q('station.description')}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label={training ? q('station.videosToWatch') : q('station.requiredTraining')}
          description={training ? q('station.requirementsHelpTraining') : q('station.requirementsHelp')}
          placeholder={q('station.requirementsPlaceholder')}
          searchable
          required
          data={requirementOptions(choices, q)}
          // The chosen categories and videos are content: their names are not translated.
          attributes={{ pill: { translate: 'no' } }}
          value={requirements}
          onChange={setRequirements}
        />
        <MultiSelect
          label={t('check.requiredFor')}
          description={t('check.requiredForHelp')}
          placeholder={t('check.requiredForPlaceholder')}
          data={requirementOptions(choices, q)
            .flatMap((group) => group.items)
            .filter((option) => requirements.includes(option.value))}
          attributes={{ pill: { translate: 'no' } }}
          value={checked.filter((value) => requirements.includes(value))}
          onChange={setChecked}
        />
        {!training && (
          <div>
            <Text fw={500} size="sm">
              {q('station.checklist')}
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              {q('station.checklistHelp')}
            </Text>
            <Stack gap={4}>
              {checklist.map((item, index) => (
                <Group key={item} gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ flex: 1 }} translate="no">
                    {index + 1}. {item}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={q('station.removeItem', { item })}
                    onClick={() => setChecklist(checklist.filter((c) => c !== item))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Group mt="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={q('station.newItem')}
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
                {q('station.addItem')}
              </Button>
            </Group>
          </div>
        )}
        <Switch
          label={training ? q('station.expiresTraining') : q('station.expires')}
          checked={expires}
          onChange={(e) => setExpires(e.currentTarget.checked)}
        />
        <Group grow align="flex-start">
          {expires && <NumberInput label={q('station.validity')} min={1} max={120} value={validity} onChange={(v) => setValidity(Number(v) || 1)} />}
          {expires && <NumberInput label={q('station.warning')} min={1} max={180} value={warningDays} onChange={(v) => setWarningDays(Number(v) || 1)} />}
          <NumberInput label={q('station.due')} min={1} max={365} value={dueDays} onChange={(v) => setDueDays(Number(v) || 1)} />
          {!training && <NumberInput label={q('station.minimum')} min={0} max={500} value={minPerShift} onChange={(v) => setMinPerShift(Number(v) || 0)} />}
        </Group>
        {!training && (
          <MultiSelect
            label={q('station.trainers')}
            description={q('station.trainersHelp')}
            attributes={{ pill: { translate: 'no' } }}
            searchable
            data={choices.people.map((p) => ({ value: String(p.user_id), label: p.name }))}
            value={trainers}
            onChange={setTrainers}
          />
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {station ? wording('save') : wording('create')}
          </Button>
          <Button variant="default" component={Link} to={qualificationPaths.root}>
            {q('station.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function StationPeople({ station, choices }: { station: Station; choices: StationChoicesData }) {
  const { t } = useTranslation('qualifications');
  const wording = useWording(station.kind);
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
            {wording('people')}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => void downloadAuditPack({ station_id: station.id, format: 'pdf' }).catch(notifyError)}>
              {wording('auditPack')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                if (!window.confirm(t('station.retireConfirm', { name: station.name }))) return;
                retire.mutate(station.id, {
                  onSuccess: ({ message }) => {
                    if (message) notifySuccess(message);
                    navigate(qualificationPaths.root);
                  },
                  onError: notifyError,
                });
              }}
            >
              {wording('retire')}
            </Button>
          </Group>
        </Group>
        <Group align="flex-end">
          <Select
            label={t('station.assignTeam')}
            placeholder={t('station.pickTeam')}
            data={choices.teams.map((team) => ({ value: String(team.id), label: team.name }))}
            value={teamId}
            onChange={setTeamId}
          />
          <Button onClick={() => teamId && run({ team_id: Number(teamId) })} disabled={!teamId} loading={assign.isPending}>
            {t('station.assignTeamButton')}
          </Button>
        </Group>
        <Group align="flex-end">
          <MultiSelect
            label={t('station.assignPeople')}
            placeholder={t('station.pickPeople')}
            attributes={{ pill: { translate: 'no' } }}
            searchable
            style={{ flex: 1, maxWidth: 480 }}
            data={choices.people.map((p) => ({ value: String(p.user_id), label: p.name }))}
            value={people}
            onChange={setPeople}
          />
          <Button onClick={() => run({ user_ids: people.map(Number) })} disabled={!people.length} loading={assign.isPending}>
            {t('station.assignPeople')}
          </Button>
        </Group>
        {assigned.length === 0 ? (
          <Text c="dimmed">{t('station.nobody', { count: station.due_days })}</Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('station.person')}</Table.Th>
                <Table.Th scope="col">{t('station.state')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('station.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assigned.map((p) => (
                <Table.Tr key={p.user_id}>
                  <Table.Td translate="no">
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
                      {t('station.unassign', { name: p.name })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" c="dimmed">
          {t('station.requires', { count: station.required_video_count })}
          {station.requirements.map((r) => (
            <span key={`${r.kind}:${r.id}`}>
              {' · '}
              {t(`station.kinds.${r.kind}`)}: <span translate="no">{r.name}</span>
            </span>
          ))}
        </Text>
      </Stack>
    </Card>
  );
}
