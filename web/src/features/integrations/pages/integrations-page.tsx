import { Alert, Anchor, Badge, Button, Card, Checkbox, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { API_SCOPES, type ApiScope, type ApiTokenSummary, WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEvent } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { useTestWebhookEndpoint } from '../api/test-webhook-endpoint.ts';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { XapiSection } from '../components/xapi-section.tsx';

/** /manage-organization/integrations: API tokens for the plant's other systems, webhook endpoints and their delivery log. */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  return (
    <AdminPage title={t('page.title')} size="lg">
      <Stack gap="xl">
        <Text c="dimmed">
          <Trans
            t={t}
            i18nKey="page.intro"
            components={{ docs: <Anchor href="/api/docs" target="_blank" rel="noreferrer" translate="no" underline="always" /> }}
          />
        </Text>
        <ApiTokensSection />
        <WebhooksSection />
        <WebhookDeliveryLog />
        <XapiSection />
      </Stack>
    </AdminPage>
  );
}

/** A secret shown once, with a copy button. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone?: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert color="yellow" title={label}>
      <Stack gap="xs">
        <Text size="sm">{t('shownOnce.text')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="shown-once">
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? t('shownOnce.copied') : t('shownOnce.copy')}
              </Button>
            )}
          </CopyButton>
          {onDone && (
            <Button size="xs" onClick={onDone}>
              {t('shownOnce.done')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

function ApiTokensSection() {
  const { t } = useTranslation('integrations');
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('tokens.title')}
        </Title>
        <Button onClick={() => setCreating(true)}>{t('tokens.create')}</Button>
      </Group>
      {tokens.isPending && <PageLoader label={t('tokens.loading')} />}
      {tokens.isError && <Alert color="red">{tokens.error.message}</Alert>}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">{t('tokens.empty')}</Text>}
      {tokens.data?.map((token) => (
        <TokenCard key={token.id} token={token} />
      ))}
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function TokenCard({ token }: { token: ApiTokenSummary }) {
  const { t } = useTranslation('integrations');
  const revoke = useRevokeApiToken();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Text fw={600}>{token.name}</Text>
            <Code>{token.hint}</Code>
            {token.revoked_at ? <Badge color="gray.8">{t('tokens.revoked')}</Badge> : <Badge color="teal.9">{t('tokens.active')}</Badge>}
          </Group>
          <Text size="sm">{token.scopes.map((s) => t(`scopes.${s}`)).join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            {t('tokens.created', { when: formatDateTime(token.created_at) })} ·{' '}
            {token.last_used_at ? t('tokens.lastUsed', { when: formatDateTime(token.last_used_at) }) : t('tokens.neverUsed')}
            {token.revoked_at ? ` · ${t('tokens.revokedAt', { when: formatDateTime(token.revoked_at) })}` : ''}
          </Text>
        </div>
        {!token.revoked_at && (
          <Button
            color="red"
            variant="light"
            loading={revoke.isPending}
            aria-label={t('tokens.revokeLabel', { name: token.name })}
            onClick={() => revoke.mutate(token.id, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
          >
            {t('tokens.revoke')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const create = useCreateApiToken();
  const tokens = useApiTokens();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read_qualifications']);
  const [shown, setShown] = useState<string | null>(null);
  const close = () => {
    setShown(null);
    setName('');
    setScopes(['read_qualifications']);
    create.reset();
    // The token may have been tried out meanwhile: the list shows its last use.
    void tokens.refetch();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, scopes }, { onSuccess: ({ data }) => setShown(data.token), onError: notifyError });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('tokens.dialogTitle')} size="lg">
      {shown ? (
        <Stack>
          <ShownOnce label={t('tokens.shownLabel')} value={shown} />
          <Text size="sm">
            <Trans t={t} i18nKey="tokens.howToUse" values={{ header: 'Authorization: Bearer <token>' }} components={{ code: <Code translate="no" /> }} />
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('tokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('tokens.name')}
              description={t('tokens.nameHelp')}
              placeholder={t('tokens.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              required
              data-autofocus
            />
            <Checkbox.Group
              label={t('tokens.scopes')}
              description={t('tokens.scopesHelp')}
              value={scopes}
              onChange={(v) => setScopes(v as ApiScope[])}
              required
            >
              <Stack gap="xs" mt="xs">
                {API_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={t(`scopes.${scope}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('tokens.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={name.trim() === '' || scopes.length === 0}>
                {t('tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function WebhooksSection() {
  const { t } = useTranslation('integrations');
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useTestWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [secret, setSecret] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: ({ data }) => {
          setSecret(data.secret);
          setUrl('');
        },
        onError: notifyError,
      },
    );
  };
  const done = ({ message }: { message?: string }) => message && notifySuccess(message);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('webhooks.title')}
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHelp')}
              placeholder={t('webhooks.urlPlaceholder')}
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              maxLength={2000}
              required
            />
            <Checkbox.Group label={t('webhooks.events')} value={events} onChange={(v) => setEvents(v as WebhookEvent[])} required>
              <Group gap="md" mt="xs">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={<span translate="no">{e}</span>} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending} disabled={url.trim() === '' || events.length === 0}>
                {t('webhooks.register')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {secret && <ShownOnce label={t('webhooks.secretLabel')} value={secret} onDone={() => setSecret(null)} />}
      {endpoints.isPending && <PageLoader label={t('webhooks.loading')} />}
      {endpoints.isError && <Alert color="red">{endpoints.error.message}</Alert>}
      {endpoints.data && endpoints.data.length === 0 && <Text c="dimmed">{t('webhooks.empty')}</Text>}
      {endpoints.data?.map((endpoint) => (
        <Card key={endpoint.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {endpoint.url}
              </Text>
              <Text size="sm" c="dimmed">
                <span translate="no">{endpoint.events.join(' · ')}</span> · {t('webhooks.registered', { when: formatDateTime(endpoint.created_at) })}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                variant="default"
                loading={test.isPending && test.variables === endpoint.id}
                aria-label={t('webhooks.testLabel', { url: endpoint.url })}
                onClick={() => test.mutate(endpoint.id, { onSuccess: done, onError: notifyError })}
              >
                {t('webhooks.test')}
              </Button>
              <Button
                color="red"
                variant="light"
                loading={remove.isPending && remove.variables === endpoint.id}
                aria-label={t('webhooks.removeLabel', { url: endpoint.url })}
                onClick={() => remove.mutate(endpoint.id, { onSuccess: done, onError: notifyError })}
              >
                {t('webhooks.remove')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function WebhookDeliveryLog() {
  const { t } = useTranslation('integrations');
  const deliveries = useWebhookDeliveries();
  const texts = {
    title: t('deliveries.title'),
    label: t('deliveries.label'),
    loading: t('deliveries.loading'),
    empty: t('deliveries.empty'),
    what: t('deliveries.event'),
  };
  return <DeliveryLog deliveries={deliveries} texts={texts} headingOrder={2} what={(d: WebhookDelivery) => <span translate="no">{d.event}</span>} />;
}
