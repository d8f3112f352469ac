import { Button, Card, Group, NumberInput, Switch, Text, Title } from '@mantine/core';
import type { CategoryCheckSettings, CheckSettings } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { CheckSubject } from '../api/assessment-keys.ts';
import { useSaveCheck } from '../api/edit-bank.ts';

const DEFAULT_CHECK: CategoryCheckSettings = {
  question_count: 5,
  shuffle: true,
  pass_percent: 80,
  attempts_allowed: 3,
  cooldown_seconds: 600,
  time_limit_seconds: null,
  required_for_certificate: false,
};
/** The time limit a check gets when the author switches one on: ten minutes. */
const DEFAULT_LIMIT_SECONDS = 600;

/**
 * A check's settings, for a video's check or a category's: questions drawn, pass mark, attempts, cool-down, shuffle and
 * time limit; a category's also whether its certificate waits for a pass.
 */
export function CheckForm({ subject, initial, bankSize }: { subject: CheckSubject; initial: CheckSettings | CategoryCheckSettings | null; bankSize: number }) {
  const { t } = useTranslation('assessments');
  const [settings, setSettings] = useState<CategoryCheckSettings>({ ...DEFAULT_CHECK, ...initial });
  const save = useSaveCheck();
  const limit = settings.time_limit_seconds;
  const set = (field: keyof CategoryCheckSettings) => (value: number | string | boolean) =>
    setSettings((s) => ({ ...s, [field]: typeof value === 'string' ? Number(value) : value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ subject, body: settings }, { onSuccess: ({ message }) => notifySuccess(message ?? t('author.checkSaved')), onError: notifyError });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="check-settings">
      <form onSubmit={submit}>
        <Title order={2} size="h3" id="check-settings" mb="sm">
          {initial ? t('author.checkTitle') : t('author.checkTitleNew')}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput label={t('author.questionCount')} min={1} max={50} value={settings.question_count} onChange={set('question_count')} miw={140} />
          <NumberInput label={t('author.passPercent')} min={1} max={100} value={settings.pass_percent} onChange={set('pass_percent')} miw={140} />
          <NumberInput label={t('author.attemptsAllowed')} min={1} max={20} value={settings.attempts_allowed} onChange={set('attempts_allowed')} miw={140} />
          <NumberInput label={t('author.cooldown')} min={0} max={2_592_000} value={settings.cooldown_seconds} onChange={set('cooldown_seconds')} miw={140} />
        </Group>
        <Switch mt="md" label={t('author.shuffle')} checked={settings.shuffle} onChange={(e) => set('shuffle')(e.currentTarget.checked)} />
        <Switch
          mt="md"
          label={t('author.timeLimit')}
          checked={limit !== null}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSettings((s) => ({ ...s, time_limit_seconds: on ? DEFAULT_LIMIT_SECONDS : null }));
          }}
        />
        {limit !== null && (
          <NumberInput
            mt="sm"
            maw={260}
            label={t('author.timeLimitMinutes')}
            description={t('author.timeLimitHint')}
            min={1}
            max={180}
            allowDecimal={false}
            value={limit / 60}
            onChange={(value) => setSettings((s) => ({ ...s, time_limit_seconds: Math.min(180, Math.max(1, Math.round(Number(value) || 1))) * 60 }))}
          />
        )}
        {subject.kind === 'category' && (
          <Switch
            mt="md"
            label={t('author.requiredForCertificate')}
            description={t('author.requiredForCertificateHint')}
            checked={settings.required_for_certificate}
            onChange={(e) => set('required_for_certificate')(e.currentTarget.checked)}
          />
        )}
        {bankSize < settings.question_count && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('author.smallBank', { count: bankSize })}
          </Text>
        )}
        <Button type="submit" mt="md" loading={save.isPending}>
          {initial ? t('author.saveCheck') : subject.kind === 'video' ? t('author.attachCheck') : t('author.attachCategoryCheck')}
        </Button>
      </form>
    </Card>
  );
}
