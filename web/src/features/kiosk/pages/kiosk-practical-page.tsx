import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Image,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { KIOSK_MESSAGES, type KioskPracticalStation, type PracticalCheckRecord } from '@mm/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { getKioskDeviceToken } from '../../../lib/kiosk-device.ts';
import { usePracticalStations, useRecordPracticalCheck, useUploadPracticalPhoto } from '../api/practical-checks.ts';
import { PinPad } from '../components/pin-pad.tsx';
import '../kiosk.css';

type StepState = { passed: boolean | null; note: string; photoUrl: string | null };
type Person = KioskPracticalStation['operators'][number];

const nameOf = (p: Person) => `${p.name} ${p.last_name}`;

/**
 * /kiosk/practical-check (issue 38): on the team's tablet, a trainer observes an operator at a station and fills the
 * station's checklist step by step (pass or fail, a note, a photo); the operator confirms with their PIN, then the
 * trainer with theirs. Every step passed signs the operator off; a failed step is kept as evidence and signs nothing.
 */
export function KioskPracticalPage() {
  const { t } = useTranslation('kiosk');
  const [deviceToken] = useState(getKioskDeviceToken);
  const stations = usePracticalStations(deviceToken);
  const [result, setResult] = useState<PracticalCheckRecord | null>(null);
  const [round, setRound] = useState(0);

  return (
    <Box component="main" className="mm-kiosk" py="xl">
      <Container size="md">
        <Group justify="space-between" mb="sm">
          <Anchor component={Link} to={paths.kiosk} size="lg">
            {t('practical.back')}
          </Anchor>
          <LanguageSwitcher size="lg" />
        </Group>
        <Title order={1}>{t('practical.title')}</Title>
        <Text size="lg" c="dimmed" mb="md">
          {t('practical.intro')}
        </Text>
        {deviceToken === null ? (
          <Alert color="orange">{t('page.notEnrolled')}</Alert>
        ) : stations.isPending ? (
          <PageLoader label={t('practical.loading')} />
        ) : stations.isError ? (
          <Alert color="red" title={t('page.cannotLoad')}>
            {stations.error.message}
          </Alert>
        ) : result ? (
          <Result
            result={result}
            onAnother={() => {
              setResult(null);
              setRound((n) => n + 1);
            }}
          />
        ) : stations.data.stations.length === 0 ? (
          <Text>{t('practical.none')}</Text>
        ) : (
          <CheckForm key={round} deviceToken={deviceToken} stations={stations.data.stations} onRecorded={setResult} />
        )}
      </Container>
    </Box>
  );
}

function CheckForm({
  deviceToken,
  stations,
  onRecorded,
}: {
  deviceToken: string;
  stations: KioskPracticalStation[];
  onRecorded: (record: PracticalCheckRecord) => void;
}) {
  const { t } = useTranslation('kiosk');
  const [stationId, setStationId] = useState<string | null>(null);
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const [trainerId, setTrainerId] = useState<string | null>(null);
  const [steps, setSteps] = useState<StepState[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const station = stations.find((s) => String(s.id) === stationId) ?? null;
  const operator = station?.operators.find((p) => String(p.user_id) === operatorId) ?? null;
  const trainer = station?.trainers.find((p) => String(p.user_id) === trainerId) ?? null;
  const pickStation = (value: string | null) => {
    setStationId(value);
    setOperatorId(null);
    setTrainerId(null);
    const chosen = stations.find((s) => String(s.id) === value);
    setSteps((chosen?.checklist ?? []).map(() => ({ passed: null, note: '', photoUrl: null })));
  };
  const setStep = (index: number, change: Partial<StepState>) => setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const everyStepJudged = steps.length > 0 && steps.every((s) => s.passed !== null);
  const samePerson = operator !== null && trainer !== null && operator.user_id === trainer.user_id;
  const ready = station !== null && operator !== null && trainer !== null && !samePerson && everyStepJudged && operator.has_pin && trainer.has_pin;

  return (
    <Stack gap="lg">
      <Select
        size="lg"
        label={t('practical.station')}
        placeholder={t('practical.stationPlaceholder')}
        data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
        value={stationId}
        onChange={pickStation}
        allowDeselect={false}
      />
      {station && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              size="lg"
              label={t('practical.operator')}
              placeholder={t('practical.personPlaceholder')}
              data={station.operators.map((p) => ({ value: String(p.user_id), label: nameOf(p) }))}
              value={operatorId}
              onChange={setOperatorId}
              allowDeselect={false}
              error={operator && !operator.has_pin ? KIOSK_MESSAGES.operatorNoPin : null}
            />
            <Select
              size="lg"
              label={t('practical.trainer')}
              placeholder={t('practical.personPlaceholder')}
              data={station.trainers.map((p) => ({ value: String(p.user_id), label: nameOf(p) }))}
              value={trainerId}
              onChange={setTrainerId}
              allowDeselect={false}
              error={samePerson ? t('practical.samePerson') : trainer && !trainer.has_pin ? KIOSK_MESSAGES.trainerNoPin : null}
            />
          </SimpleGrid>
          <Title order={2} size="h3">
            {t('practical.checklist')}
          </Title>
          {station.checklist.map((item, index) => (
            <StepCard
              key={item}
              index={index}
              item={item}
              step={steps[index] ?? { passed: null, note: '', photoUrl: null }}
              deviceToken={deviceToken}
              onChange={(change) => setStep(index, change)}
            />
          ))}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {everyStepJudged ? t('practical.readyHint') : t('practical.judgeEvery')}
          </Text>
          <Button size="xl" disabled={!ready} onClick={() => setConfirming(true)}>
            {t('practical.confirm')}
          </Button>
        </>
      )}
      {confirming && station && operator && trainer && (
        <ConfirmDialog
          deviceToken={deviceToken}
          station={station}
          operator={operator}
          trainer={trainer}
          steps={steps}
          onClose={() => setConfirming(false)}
          onProblem={(message) => {
            setConfirming(false);
            setProblem(message);
          }}
          onRecorded={onRecorded}
        />
      )}
    </Stack>
  );
}

function StepCard({
  index,
  item,
  step,
  deviceToken,
  onChange,
}: {
  index: number;
  item: string;
  step: StepState;
  deviceToken: string;
  onChange: (change: Partial<StepState>) => void;
}) {
  const { t } = useTranslation('kiosk');
  const upload = useUploadPracticalPhoto();
  const label = t('practical.step', { number: index + 1, item });
  return (
    <Card withBorder padding="md" data-testid="practical-step" bg={step.passed === false ? 'red.0' : undefined}>
      <Stack gap="sm">
        <Radio.Group
          label={label}
          size="lg"
          value={step.passed === null ? null : step.passed ? 'pass' : 'fail'}
          onChange={(value) => onChange({ passed: value === 'pass' })}
          styles={{ label: { fontWeight: 600 } }}
        >
          <Group mt="xs" gap="xl">
            <Radio value="pass" label={t('practical.pass')} />
            <Radio value="fail" label={t('practical.fail')} />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('practical.note')}
          aria-label={t('practical.noteFor', { number: index + 1 })}
          autosize
          minRows={1}
          maxLength={500}
          value={step.note}
          onChange={(e) => onChange({ note: e.currentTarget.value })}
        />
        <Group gap="md" align="center">
          <FileButton
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(file) => {
              if (!file) return;
              upload.mutate({ deviceToken, file }, { onSuccess: (photoUrl) => onChange({ photoUrl }) });
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="md"
                loading={upload.isPending}
                // The spoken name starts with the visible words (WCAG 2.5.3) and names the step.
                aria-label={t(step.photoUrl ? 'practical.replacePhotoOf' : 'practical.addPhotoTo', { number: index + 1 })}
              >
                {step.photoUrl ? t('practical.replacePhoto') : t('practical.addPhoto')}
              </Button>
            )}
          </FileButton>
          {step.photoUrl && (
            <>
              <Image src={step.photoUrl} alt={t('practical.photoAlt', { number: index + 1 })} h={72} w="auto" radius="sm" />
              <Button variant="default" size="sm" onClick={() => onChange({ photoUrl: null })} aria-label={t('practical.removePhotoOf', { number: index + 1 })}>
                {t('practical.removePhoto')}
              </Button>
            </>
          )}
        </Group>
        {upload.isError && (
          <Text size="sm" c="red.8" role="alert">
            {upload.error.message}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

const OPERATOR_ERRORS = new Set<string>([KIOSK_MESSAGES.operatorWrongPin, KIOSK_MESSAGES.operatorNoPin]);
const TRAINER_ERRORS = new Set<string>([KIOSK_MESSAGES.trainerWrongPin, KIOSK_MESSAGES.trainerNoPin]);

/** The operator's PIN, then the trainer's; sent together, so a wrong one records nothing and asks that person again. */
function ConfirmDialog({
  deviceToken,
  station,
  operator,
  trainer,
  steps,
  onClose,
  onProblem,
  onRecorded,
}: {
  deviceToken: string;
  station: KioskPracticalStation;
  operator: Person;
  trainer: Person;
  steps: StepState[];
  onClose: () => void;
  onProblem: (message: string) => void;
  onRecorded: (record: PracticalCheckRecord) => void;
}) {
  const { t } = useTranslation('kiosk');
  const record = useRecordPracticalCheck();
  const [stage, setStage] = useState<'operator' | 'trainer'>('operator');
  const [operatorPin, setOperatorPin] = useState('');
  const [trainerPin, setTrainerPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const failed = steps.filter((s) => s.passed === false).length;
  const submit = () => {
    setError(null);
    record.mutate(
      {
        deviceToken,
        body: {
          station_id: station.id,
          operator_id: operator.user_id,
          trainer_id: trainer.user_id,
          steps: station.checklist.map((item, i) => ({
            item,
            passed: steps[i]?.passed === true,
            note: steps[i]?.note ?? '',
            photo_url: steps[i]?.photoUrl ?? null,
          })),
          operator_pin: operatorPin,
          trainer_pin: trainerPin,
        },
      },
      {
        onSuccess: ({ data }) => onRecorded(data),
        onError: (e) => {
          if (OPERATOR_ERRORS.has(e.message)) {
            setOperatorPin('');
            setTrainerPin('');
            setStage('operator');
            setError(e.message);
          } else if (TRAINER_ERRORS.has(e.message) || e.message === KIOSK_MESSAGES.pinWait) {
            setTrainerPin('');
            setError(e.message);
          } else onProblem(e.message);
        },
      },
    );
  };
  const who = stage === 'operator' ? operator : trainer;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(stage === 'operator' ? 'practical.operatorPin' : 'practical.trainerPin', { name: nameOf(who) })}
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': t('page.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {stage === 'operator'
            ? failed === 0
              ? t('practical.operatorAgreesAll', { station: station.name })
              : t('practical.operatorAgrees', { station: station.name, count: failed })
            : failed === 0
              ? t('practical.trainerSignsAll', { name: nameOf(operator) })
              : t('practical.trainerSigns', { name: nameOf(operator), count: failed })}
        </Text>
        {stage === 'operator' ? (
          <PinPad
            key="operator"
            value={operatorPin}
            onChange={setOperatorPin}
            onSubmit={() => {
              setError(null);
              setStage('trainer');
            }}
            busy={false}
            error={error}
          />
        ) : (
          <PinPad key="trainer" value={trainerPin} onChange={setTrainerPin} onSubmit={submit} busy={record.isPending} error={error} />
        )}
      </Stack>
    </Modal>
  );
}

function Result({ result, onAnother }: { result: PracticalCheckRecord; onAnother: () => void }) {
  const { t } = useTranslation('kiosk');
  const failed = result.steps.filter((s) => !s.passed);
  return (
    <Stack gap="md">
      {result.passed ? (
        <Alert color="green" title={t('practical.passedTitle')} role="status">
          {t('practical.passedText', { name: result.person_name, station: result.station_name, trainer: result.trainer_name })}
        </Alert>
      ) : (
        <Alert
          color="orange"
          title={t('practical.failedTitle')}
          role="status"
          styles={{ title: { color: 'var(--mantine-color-dark-9)' }, message: { color: 'var(--mantine-color-dark-9)' } }}
        >
          <Text inherit>{t('practical.failedText', { name: result.person_name, station: result.station_name })}</Text>
          <Box component="ul" mt="xs" mb={0}>
            {failed.map((s) => (
              <li key={s.item}>
                {s.item}
                {s.note ? `: ${s.note}` : ''}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Group>
        <Button size="lg" onClick={onAnother}>
          {t('practical.another')}
        </Button>
        <Anchor component={Link} to={paths.kiosk} size="lg">
          {t('practical.back')}
        </Anchor>
      </Group>
    </Stack>
  );
}
