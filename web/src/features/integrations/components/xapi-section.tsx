import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { XapiDelivery, XapiSettingsData } from '@mm/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteXapiSettings } from '../api/delete-xapi-settings.ts';
import { useXapiDeliveries } from '../api/get-xapi-deliveries.ts';
import { useXapiSettings } from '../api/get-xapi-settings.ts';
import { useSaveXapiSettings } from '../api/save-xapi-settings.ts';
import { useTestXapiStatement } from '../api/test-xapi-statement.ts';
import { DeliveryLog } from './delivery-log.tsx';

const done = ({ message }: { message?: string }) => message && notifySuccess(message);

/** The Integrations page's xAPI part: the organization's Learning Record Store, a test statement, the statement log. */
export function XapiSection() {
  const { t } = useTranslation('integrations');
  const settings = useXapiSettings();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('xapi.title')}
      </Title>
      <Text c="dimmed">{t('xapi.intro')}</Text>
      {settings.isPending && <PageLoader label={t('xapi.loading')} />}
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {settings.data && <LrsForm settings={settings.data} />}
      <StatementLog />
    </Stack>
  );
}

function LrsForm({ settings }: { settings: XapiSettingsData }) {
  const { t } = useTranslation('integrations');
  const save = useSaveXapiSettings();
  const test = useTestXapiStatement();
  const remove = useDeleteXapiSettings();
  const [endpoint, setEndpoint] = useState(settings.endpoint);
  const [username, setUsername] = useState(settings.username);
  const [secret, setSecret] = useState('');
  const [enabled, setEnabled] = useState(settings.configured ? settings.enabled : true);
  const [removing, setRemoving] = useState(false);
  // The form follows the saved settings (after a save or a removal).
  useEffect(() => {
    setEndpoint(settings.endpoint);
    setUsername(settings.username);
    setEnabled(settings.configured ? settings.enabled : true);
    setSecret('');
  }, [settings]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ endpoint, username, secret, enabled }, { onSuccess: done, onError: notifyError });
  };
  const missing = endpoint.trim() === '' || username.trim() === '' || (!settings.has_secret && secret.trim() === '');
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} aria-label={t('xapi.formLabel')}>
        <Stack>
          <TextInput
            label={t('xapi.endpoint')}
            description={t('xapi.endpointHelp')}
            placeholder={t('xapi.endpointPlaceholder')}
            type="url"
            value={endpoint}
            onChange={(e) => setEndpoint(e.currentTarget.value)}
            maxLength={2000}
            required
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('xapi.key')}
              description={t('xapi.keyHelp')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              maxLength={200}
              autoComplete="off"
              required
              style={{ minWidth: '14rem' }}
            />
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('xapi.showSecret') }}
              label={t('xapi.secret')}
              description={settings.has_secret ? t('xapi.secretKept') : t('xapi.secretHelp')}
              value={secret}
              onChange={(e) => setSecret(e.currentTarget.value)}
              maxLength={500}
              autoComplete="new-password"
              required={!settings.has_secret}
              style={{ minWidth: '14rem' }}
            />
          </Group>
          <Switch label={t('xapi.enabled')} description={t('xapi.enabledHelp')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Text size="sm" c="dimmed">
            {t('xapi.actor', { homePage: settings.actor_home_page })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button type="submit" loading={save.isPending} disabled={missing}>
              {t('xapi.save')}
            </Button>
            {settings.configured && (
              <>
                <Button
                  variant="default"
                  loading={test.isPending}
                  disabled={!settings.enabled}
                  onClick={() => test.mutate(undefined, { onSuccess: done, onError: notifyError })}
                >
                  {t('xapi.test')}
                </Button>
                <Button color="red" variant="light" onClick={() => setRemoving(true)}>
                  {t('xapi.remove')}
                </Button>
              </>
            )}
          </Group>
          {settings.configured && settings.updated_at && (
            <Text size="sm" c="dimmed">
              {t('xapi.savedAt', { when: formatDateTime(settings.updated_at) })}
            </Text>
          )}
        </Stack>
      </form>
      <Modal opened={removing} onClose={() => setRemoving(false)} title={t('xapi.removeTitle')}>
        <Stack>
          <Text size="sm">{t('xapi.removeText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(false)}>
              {t('xapi.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (answer) => {
                    setRemoving(false);
                    done(answer);
                  },
                  onError: notifyError,
                })
              }
            >
              {t('xapi.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function StatementLog() {
  const { t } = useTranslation('integrations');
  const deliveries = useXapiDeliveries();
  const texts = {
    title: t('log.title'),
    label: t('log.label'),
    loading: t('log.loading'),
    empty: t('log.empty'),
    what: t('log.verb'),
    target: t('log.object'),
  };
  return (
    <DeliveryLog
      deliveries={deliveries}
      texts={texts}
      headingOrder={3}
      what={(d: XapiDelivery) => t(`verbs.${d.verb}`, { defaultValue: d.verb })}
      target={(d) => d.object_id}
    />
  );
}
