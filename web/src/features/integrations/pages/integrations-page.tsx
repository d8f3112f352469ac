import { Alert, Badge, Button, Card, Checkbox, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { API_SCOPE_LABELS, API_SCOPES, type ApiScope, type ApiTokenSummary, WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEvent } from '@mm/contract';
import { type FormEvent, useState } from 'react';
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
import { XapiSection } from '../components/xapi-section.tsx';

/** /manage-organization/integrations: API tokens for the plant's other systems, webhook endpoints and their delivery log. */
export function IntegrationsPage() {
  return (
    <AdminPage title="Integrations" size="lg">
      <Stack gap="xl">
        <Text c="dimmed">
          Connect your MES, ERP or HR system: API tokens let it read people, progress and qualifications (and ask whether a badge is cleared for a station);
          webhooks tell it when something happens. The API reference is at{' '}
          <a href="/api/docs" target="_blank" rel="noreferrer">
            /api/docs
          </a>
          .
        </Text>
        <ApiTokensSection />
        <WebhooksSection />
        <DeliveryLog />
        <XapiSection />
      </Stack>
    </AdminPage>
  );
}

/** A secret shown once, with a copy button. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone?: () => void }) {
  return (
    <Alert color="yellow" title={label}>
      <Stack gap="xs">
        <Text size="sm">Copy it now and keep it safe: it will not be shown again.</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="shown-once">
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          {onDone && (
            <Button size="xs" onClick={onDone}>
              I have copied it
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

function ApiTokensSection() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          API tokens
        </Title>
        <Button onClick={() => setCreating(true)}>Create token</Button>
      </Group>
      {tokens.isPending && <PageLoader label="Loading tokens..." />}
      {tokens.isError && <Alert color="red">{tokens.error.message}</Alert>}
      {tokens.data && tokens.data.length === 0 && <Text c="dimmed">No API token yet.</Text>}
      {tokens.data?.map((token) => (
        <TokenCard key={token.id} token={token} />
      ))}
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function TokenCard({ token }: { token: ApiTokenSummary }) {
  const revoke = useRevokeApiToken();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Text fw={600}>{token.name}</Text>
            <Code>{token.hint}</Code>
            {token.revoked_at ? <Badge color="gray.8">Revoked</Badge> : <Badge color="teal.9">Active</Badge>}
          </Group>
          <Text size="sm">{token.scopes.map((s) => API_SCOPE_LABELS[s]).join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            Created {formatDateTime(token.created_at)} · {token.last_used_at ? `last used ${formatDateTime(token.last_used_at)}` : 'never used'}
            {token.revoked_at ? ` · revoked ${formatDateTime(token.revoked_at)}` : ''}
          </Text>
        </div>
        {!token.revoked_at && (
          <Button
            color="red"
            variant="light"
            loading={revoke.isPending}
            aria-label={`Revoke ${token.name}`}
            onClick={() => revoke.mutate(token.id, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Card>
  );
}

function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
    <Modal opened={opened} onClose={close} title="Create an API token" size="lg">
      {shown ? (
        <Stack>
          <ShownOnce label="Your new API token" value={shown} />
          <Text size="sm">
            Send it as <Code>Authorization: Bearer &lt;token&gt;</Code> to the <Code>/api/v1</Code> calls.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="Name"
              description="Which system uses it"
              placeholder="MES line 2"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              required
              data-autofocus
            />
            <Checkbox.Group label="Scopes" description="What the token may do" value={scopes} onChange={(v) => setScopes(v as ApiScope[])} required>
              <Stack gap="xs" mt="xs">
                {API_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={API_SCOPE_LABELS[scope]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={name.trim() === '' || scopes.length === 0}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function WebhooksSection() {
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
        Webhooks
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="Endpoint URL"
              description="An https:// address of your system; each delivery is signed (see the integration guide)"
              placeholder="https://mes.example.com/hooks/manufacturing-masters"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              maxLength={2000}
              required
            />
            <Checkbox.Group label="Events" value={events} onChange={(v) => setEvents(v as WebhookEvent[])} required>
              <Group gap="md" mt="xs">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={e} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending} disabled={url.trim() === '' || events.length === 0}>
                Register endpoint
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {secret && <ShownOnce label="The endpoint's signing secret" value={secret} onDone={() => setSecret(null)} />}
      {endpoints.isPending && <PageLoader label="Loading endpoints..." />}
      {endpoints.isError && <Alert color="red">{endpoints.error.message}</Alert>}
      {endpoints.data && endpoints.data.length === 0 && <Text c="dimmed">No endpoint yet.</Text>}
      {endpoints.data?.map((endpoint) => (
        <Card key={endpoint.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {endpoint.url}
              </Text>
              <Text size="sm" c="dimmed">
                {endpoint.events.join(' · ')} · registered {formatDateTime(endpoint.created_at)}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                variant="default"
                loading={test.isPending && test.variables === endpoint.id}
                aria-label={`Send test event to ${endpoint.url}`}
                onClick={() => test.mutate(endpoint.id, { onSuccess: done, onError: notifyError })}
              >
                Send test event
              </Button>
              <Button
                color="red"
                variant="light"
                loading={remove.isPending && remove.variables === endpoint.id}
                aria-label={`Remove ${endpoint.url}`}
                onClick={() => remove.mutate(endpoint.id, { onSuccess: done, onError: notifyError })}
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { delivered: 'teal.9', pending: 'yellow.9', failed: 'red.9' };

/** The last answer: its status code and the start of its body (or why there was none). */
const answerOf = (d: WebhookDelivery) =>
  d.attempts === 0 ? 'Not sent yet' : `${d.response_status ?? 'No answer'}${d.response_excerpt ? ` · ${d.response_excerpt}` : ''}`;

function DeliveryLog() {
  const deliveries = useWebhookDeliveries();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Delivery log
      </Title>
      {deliveries.isPending && <PageLoader label="Loading deliveries..." />}
      {deliveries.isError && <Alert color="red">{deliveries.error.message}</Alert>}
      {deliveries.data && deliveries.data.length === 0 && <Text c="dimmed">No delivery yet: send a test event to an endpoint.</Text>}
      {deliveries.data && deliveries.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped aria-label="Webhook deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.event}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[d.status]}>{d.status}</Badge>
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{answerOf(d)}</Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* On a phone, one card per delivery instead of a table wider than the screen. */}
          <Stack gap="xs" hiddenFrom="sm">
            {deliveries.data.map((d) => (
              <Card key={d.id} withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    {d.event}
                  </Text>
                  <Badge color={STATUS_COLORS[d.status]}>{d.status}</Badge>
                </Group>
                <Text size="sm">
                  {answerOf(d)} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(d.last_attempt_at ?? d.created_at)}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
